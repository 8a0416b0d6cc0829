import { createLruCache } from '../lru-cache';
import type { RenderPool } from '../render-pool/render-pool';
import { plainLines, type HighlightedBlob } from './highlight-blob';
import { languageFor } from './languages';
import { escapeText } from './token-lines';

export { escapeText, languageFor, type HighlightedBlob };

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

export type Highlighter = ReturnType<typeof createHighlighter>;

/**
 * Highlights blobs once, in the render pool (never on the server's thread), and keeps the lines by
 * blob sha (the same content is the same HTML), in an in-process LRU bounded by `maxCacheChars`.
 */
export function createHighlighter(options: {
  pool: Pick<RenderPool, 'highlight'>;
  maxCacheChars?: number;
  maxBytes?: number;
  now?: () => number;
  background?: boolean;
}) {
  const { pool } = options;
  const cache = createLruCache<HighlightedBlob>(options.maxCacheChars ?? 64 * 1024 * 1024, (blob) =>
    blob.lines.reduce((sum, line) => sum + line.length, 0),
  );
  const maxBytes = options.maxBytes ?? MAX_HIGHLIGHT_BYTES;
  const now = options.now ?? (() => performance.now());

  function cached(blobSha: string, filePath: string): HighlightedBlob | undefined {
    return cache.get(`${blobSha}:${languageFor(filePath) ?? ''}`);
  }

  /** Highlightings under way, so that requests asking for the same blob meanwhile share one task. */
  const underway = new Map<string, Promise<HighlightedBlob | null>>();

  /**
   * The blob highlighted and kept; plain (and kept so) when its grammar failed or ran past the
   * render budget. Null when the pool never ran it (it closed): nothing is kept then.
   */
  function highlightInPool(key: string, language: string, content: string): Promise<HighlightedBlob | null> {
    const running = underway.get(key);
    if (running) return running;
    const started = pool.highlight(language, content).then((outcome) => {
      underway.delete(key);
      if (outcome.status === 'not_run') return null;
      const result = outcome.status === 'done' ? outcome.value : plainLines(content);
      cache.set(key, result);
      return result;
    });
    underway.set(key, started);
    return started;
  }

  // One blob at a time in the background, so requests' own highlighting rarely waits behind it.
  const pending = new Map<string, { language: string; content: string }>();
  let draining = false;
  async function drain(): Promise<void> {
    draining = true;
    for (let next = pending.entries().next(); !next.done; next = pending.entries().next()) {
      const [key, { language, content }] = next.value;
      if (!cache.get(key)) await highlightInPool(key, language, content);
      pending.delete(key);
    }
    draining = false;
  }
  function later(key: string, language: string, content: string): void {
    if (pending.size >= MAX_PENDING) pending.delete(pending.keys().next().value!);
    pending.set(key, { language, content });
    if (!draining && options.background !== false) void drain();
  }

  /**
   * One request's highlighting: each blob is highlighted while the request's time budget lasts
   * and served plain afterwards, queued for background highlighting (unless `background` is off).
   */
  function session(budgetMs = HIGHLIGHT_BUDGET_MS) {
    let spent = 0;
    return async (blobSha: string, filePath: string, content: string): Promise<HighlightedBlob> => {
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
      const result = await highlightInPool(key, language, content);
      spent += now() - started;
      return result ?? plainLines(content);
    };
  }

  return { session, cached, pendingCount: () => pending.size };
}
