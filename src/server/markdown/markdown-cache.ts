import { createLruCache } from '../lru-cache';
import { renderInlineMarkdown, renderMarkdown } from './render';
import type { RenderedMarkdown } from './rendered';

/** Characters of HTML kept (the keys, the texts, are about as long again); a page of 100 threads renders 500 notes, the cache makes each a lookup. */
const MAX_CACHED_CHARACTERS = 32 * 1024 * 1024;

const weigh = (rendered: RenderedMarkdown): number =>
  rendered.parts.reduce((sum, part) => sum + (typeof part === 'string' ? part.length : 64), 64);

// Keyed by the text itself: the rendered form depends on nothing else (references are linked
// per answer), so the cache can be cold, never wrong, and needs no invalidation.
const cache = createLruCache<RenderedMarkdown>(MAX_CACHED_CHARACTERS, weigh);

function cached(kind: 'block' | 'inline', text: string): RenderedMarkdown {
  const key = `${kind}:${text}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const rendered = kind === 'block' ? renderMarkdown(text) : renderInlineMarkdown(text);
  cache.set(key, rendered);
  return rendered;
}

/** A note, a description, the preview: rendered once per distinct text per process. */
export const cachedMarkdown = (text: string): RenderedMarkdown => cached('block', text);

/** A title, rendered once per distinct text per process. */
export const cachedInlineMarkdown = (text: string): RenderedMarkdown => cached('inline', text);
