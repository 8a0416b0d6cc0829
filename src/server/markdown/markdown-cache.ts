import { createLruCache } from '../lru-cache';
import type { RenderedMarkdown } from './rendered';

/** Block markdown (notes, descriptions, the preview) or one line of inline markdown (titles). */
export type MarkdownKind = 'block' | 'inline';

/**
 * Characters kept, texts and their HTML; a page of 100 threads renders 500 notes, the cache makes
 * each a lookup.
 */
const MAX_CACHED_CHARACTERS = 64 * 1024 * 1024;

type Entry = { rendered: RenderedMarkdown; weight: number };

/** The text counts too: the placeholder of a 1 MB text is short, its key is not. */
const weigh = (text: string, rendered: RenderedMarkdown): number =>
  rendered.parts.reduce((sum, part) => sum + (typeof part === 'string' ? part.length : 64), 64 + text.length);

// Keyed by the text itself: the rendered form depends on nothing else (references are linked
// per answer), so the cache can be cold, never wrong, and needs no invalidation. One cache per
// kind, so that the key is the text as it came (a `kind:text` key would copy a 1 MB text at
// every lookup). Titles are short: their cache is small.
const caches: Record<MarkdownKind, ReturnType<typeof createLruCache<Entry>>> = {
  block: createLruCache<Entry>(MAX_CACHED_CHARACTERS, (entry) => entry.weight),
  inline: createLruCache<Entry>(MAX_CACHED_CHARACTERS / 16, (entry) => entry.weight),
};

/** A text's rendering, if this process has kept it. */
export const cachedRendering = (kind: MarkdownKind, text: string): RenderedMarkdown | undefined =>
  caches[kind].get(text)?.rendered;

/** Keeps a text's rendering (or the placeholder of an aborted one) for every later answer. */
export const keepRendering = (kind: MarkdownKind, text: string, rendered: RenderedMarkdown): void =>
  caches[kind].set(text, { rendered, weight: weigh(text, rendered) });
