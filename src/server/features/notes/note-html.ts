import { createLruCache } from '../../highlight/lru-cache';
import { renderMarkdown } from '../../markdown/render';

/** Characters of rendered HTML kept; a page of 100 threads renders 500 notes, the cache makes it a lookup. */
const MAX_CACHED_HTML = 32 * 1024 * 1024;

// Keyed by the text itself: the same markdown is the same HTML, so the cache can be cold, never wrong.
const rendered = createLruCache<string>(MAX_CACHED_HTML, (html) => html.length + 64);

/** A note's `note_html`: GitLab Flavored Markdown, sanitized, rendered once per distinct text per process. */
export function noteHtml(markdown: string): string {
  const hit = rendered.get(markdown);
  if (hit !== undefined) return hit;
  const html = renderMarkdown(markdown);
  rendered.set(markdown, html);
  return html;
}
