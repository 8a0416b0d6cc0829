import hljs from 'highlight.js';
import { createLruCache } from './lru-cache';

/** Blobs above this size are served as escaped plain text: highlighting them costs more than it shows. */
export const MAX_HIGHLIGHT_BYTES = 512 * 1024;

/**
 * Highlighting time one request may spend; later files of the request are served plain and
 * highlighted in the background, so the next load of them is coloured.
 */
export const HIGHLIGHT_BUDGET_MS = 100;

/** Blobs waiting for background highlighting; past this the oldest wait is dropped. */
const MAX_PENDING = 2000;

const FILE_NAMES: Record<string, string> = {
  dockerfile: 'dockerfile',
  makefile: 'makefile',
  gemfile: 'ruby',
  rakefile: 'ruby',
  'cmakelists.txt': 'cmake',
};

/** highlight.js's language for a path, from its file name or extension; null for plain text. */
export function languageFor(filePath: string): string | null {
  const name = (filePath.split('/').pop() ?? '').toLowerCase();
  const byName = FILE_NAMES[name];
  if (byName) return byName;
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  const extension = name.slice(dot + 1);
  return hljs.getLanguage(extension) ? extension : null;
}

const ESCAPED: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPED[ch]!);
}

const TAG = /<span class="[^"]*">|<\/span>/g;

/**
 * Cuts highlight.js HTML into lines that are each valid HTML: spans open at a line end are
 * closed there and opened again on the next line, so a multi-line comment colours every line.
 */
export function splitHighlightedLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let line = '';
  let last = 0;
  const addText = (text: string) => {
    const parts = text.split('\n');
    line += parts[0];
    for (let i = 1; i < parts.length; i++) {
      lines.push(line + '</span>'.repeat(open.length));
      line = open.join('') + parts[i];
    }
  };
  for (const match of html.matchAll(TAG)) {
    addText(html.slice(last, match.index));
    if (match[0] === '</span>') open.pop();
    else open.push(match[0]);
    line += match[0];
    last = match.index + match[0].length;
  }
  addText(html.slice(last));
  lines.push(line);
  return lines;
}

/** A file's content split into lines of HTML, highlighted or plain. */
export type HighlightedBlob = { lines: string[]; highlighted: boolean };

function plainLines(content: string): HighlightedBlob {
  return { lines: content.split('\n').map(escapeHtml), highlighted: false };
}

export type Highlighter = ReturnType<typeof createHighlighter>;

/**
 * Highlights blobs once and keeps the lines by blob sha (the same content is the same HTML),
 * in an in-process LRU bounded by `maxCacheChars`.
 */
export function createHighlighter(
  options: { maxCacheChars?: number; maxBytes?: number; now?: () => number; background?: boolean } = {},
) {
  const cache = createLruCache<HighlightedBlob>(options.maxCacheChars ?? 64 * 1024 * 1024, (blob) =>
    blob.lines.reduce((sum, line) => sum + line.length, 0),
  );
  const maxBytes = options.maxBytes ?? MAX_HIGHLIGHT_BYTES;
  const now = options.now ?? (() => performance.now());

  function cached(blobSha: string, filePath: string): HighlightedBlob | undefined {
    return cache.get(`${blobSha}:${languageFor(filePath) ?? ''}`);
  }

  function highlightNow(key: string, language: string, content: string): HighlightedBlob {
    let result: HighlightedBlob;
    try {
      const html = hljs.highlight(content, { language, ignoreIllegals: true }).value;
      result = { lines: splitHighlightedLines(html), highlighted: true };
    } catch {
      result = plainLines(content);
    }
    cache.set(key, result);
    return result;
  }

  // One blob per turn of the event loop, so requests keep being answered meanwhile.
  const pending = new Map<string, { language: string; content: string }>();
  let draining = false;
  function drainOne(): void {
    const next = pending.entries().next();
    if (next.done) {
      draining = false;
      return;
    }
    const [key, { language, content }] = next.value;
    pending.delete(key);
    if (!cache.get(key)) highlightNow(key, language, content);
    setImmediate(drainOne);
  }
  function later(key: string, language: string, content: string): void {
    if (pending.size >= MAX_PENDING) pending.delete(pending.keys().next().value!);
    pending.set(key, { language, content });
    if (!draining && options.background !== false) {
      draining = true;
      setImmediate(drainOne);
    }
  }

  /**
   * One request's highlighting: each blob is highlighted while the request's time budget lasts
   * and served plain afterwards, queued for background highlighting (unless `background` is off).
   */
  function session(budgetMs = HIGHLIGHT_BUDGET_MS) {
    let spent = 0;
    return (blobSha: string, filePath: string, content: string): HighlightedBlob => {
      const language = languageFor(filePath);
      const key = `${blobSha}:${language ?? ''}`;
      const hit = cache.get(key);
      if (hit) return hit;
      if (!language || content.length > maxBytes) {
        const plain = plainLines(content);
        cache.set(key, plain);
        return plain;
      }
      if (spent >= budgetMs) {
        later(key, language, content);
        return plainLines(content);
      }
      const started = now();
      const result = highlightNow(key, language, content);
      spent += now() - started;
      return result;
    };
  }

  return { session, cached, pendingCount: () => pending.size };
}
