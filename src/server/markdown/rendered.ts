import type { Reference } from '../../shared/markdown/references';

/**
 * Markdown rendered for everyone: sanitized HTML in which each reference is only a place, not yet
 * a link. What a reference becomes (a link with the title of what it names, or the text it was)
 * depends on what exists now and on who reads, so it is decided for each answer (`writeHtml`).
 * This form holds no title and no id of anything referenced, so it can be kept and shared by
 * every reader without leaking what some of them may not see.
 */
export type RenderedMarkdown = {
  /** HTML strings, with the references between them. */
  parts: ReadonlyArray<string | Reference>;
  references: readonly Reference[];
  /** The first line of each task list item, the lines a checkbox may tick (`update_task`). */
  taskLines: readonly number[];
};

/** The HTML of a reference for this reader, or null to show the text it was written as. */
export type ReferenceLinker = (reference: Reference) => string | null;

export const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The HTML to send: each reference linked where `link` allows it, its own text otherwise. */
export function writeHtml(rendered: RenderedMarkdown, link: ReferenceLinker): string {
  let html = '';
  for (const part of rendered.parts)
    html += typeof part === 'string' ? part : (link(part) ?? escapeHtml(part.original));
  return html;
}

/** Every reference as the text it was written as: for contexts that resolve none. */
export const unlinkedHtml = (rendered: RenderedMarkdown): string => writeHtml(rendered, () => null);
