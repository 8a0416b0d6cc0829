import { grammarFor, languageFor } from './languages';
import { createLruCache } from '../lru-cache';
import { escapeText, highlightLines } from './token-lines';

export { escapeText, languageFor };

/** Blobs above this size are served as escaped plain text: highlighting them costs more than it shows. */
export const MAX_HIGHLIGHT_BYTES = 512 * 1024;

/**
 * Highlighting time one request may spend; later files of the request are served plain and
 * highlighted in the background, so the next load of them is coloured.
 */
export const HIGHLIGHT_BUDGET_MS = 100;

/** Blobs waiting for background highlighting; past this the oldest wait is dropped. */
const MAX_PENDING = 2000;

const ESCAPED: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

/** Escapes text for any HTML context, attribute values included. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPED[ch]!);
}

/** A file's content split into lines of HTML, highlighted or plain. */
export type HighlightedBlob = { lines: string[]; highlighted: boolean };

function plainLines(content: string): HighlightedBlob {
  return { lines: content.split('\n').map(escapeText), highlighted: false };
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
      const grammar = grammarFor(language);
      result = grammar ? { lines: highlightLines(content, grammar), highlighted: true } : plainLines(content);
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
