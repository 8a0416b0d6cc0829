import type { Element, ElementContent, Root, RootContent } from 'hast';
import { findEmojiShortcodes } from '../../shared/markdown/emojiShortcodes';
import { findReferences, type Reference } from '../../shared/markdown/references';

/** Text under these is shown as written: code, and links (whose text is the link's own). */
const LITERAL_TAGS = new Set(['a', 'code', 'pre']);

/**
 * The element a reference leaves in the tree; `splitAtReferences` cuts the stringified HTML at
 * it. Raw HTML in markdown becomes text before this runs and attribute values are quoted with
 * `"` escaped, so no user text can produce this exact markup.
 */
export const REFERENCE_TAG = 'mergeway-reference';
const REFERENCE_MARK = new RegExp(`<${REFERENCE_TAG} data-index="(\\d+)"></${REFERENCE_TAG}>`, 'g');

type Found =
  { start: number; end: number; node: ElementContent } | { start: number; end: number; reference: Reference };

/** GitLab's `<gl-emoji>`: the character, with its name and description for tooltips and the picker. */
function emojiElement(name: string, description: string, unicode: string): Element {
  return {
    type: 'element',
    tagName: 'gl-emoji',
    properties: { title: description, dataName: name },
    children: [{ type: 'text', value: unicode }],
  };
}

function findAll(text: string): Found[] {
  const emoji: Found[] = findEmojiShortcodes(text).map(({ start, end, emoji: e }) => ({
    start,
    end,
    node: emojiElement(e.name, e.description, e.unicode),
  }));
  const references: Found[] = findReferences(text).map(({ start, end, reference }) => ({
    start,
    end,
    reference,
  }));
  const all = [...emoji, ...references].sort((a, b) => a.start - b.start);
  // Overlaps cannot come from one finder; between the two, the first found wins.
  return all.filter((found, i) => i === 0 || found.start >= (all[i - 1]?.end ?? 0));
}

/**
 * Emoji shortcodes and references in the text of the sanitized tree (never in code or links).
 * Emoji become `<gl-emoji>`; references become numbered placeholders collected into `references`.
 */
export function gfmText(references: Reference[]) {
  const split = (value: string): ElementContent[] | null => {
    const found = findAll(value);
    if (found.length === 0) return null;
    const out: ElementContent[] = [];
    let at = 0;
    for (const item of found) {
      if (item.start > at) out.push({ type: 'text', value: value.slice(at, item.start) });
      if ('node' in item) out.push(item.node);
      else {
        out.push({
          type: 'element',
          tagName: REFERENCE_TAG,
          properties: { dataIndex: references.length },
          children: [],
        });
        references.push(item.reference);
      }
      at = item.end;
    }
    if (at < value.length) out.push({ type: 'text', value: value.slice(at) });
    return out;
  };
  const visit = (node: Root | Element): void => {
    const children: RootContent[] = node.children.flatMap((child: RootContent): RootContent[] => {
      if (child.type === 'text') return split(child.value) ?? [child];
      if (child.type === 'element' && !LITERAL_TAGS.has(child.tagName)) visit(child);
      return [child];
    });
    node.children = children;
  };
  return (tree: Root) => visit(tree);
}

/** The stringified HTML cut at the placeholders, each replaced by the reference it stands for. */
export function splitAtReferences(html: string, references: readonly Reference[]): Array<string | Reference> {
  if (references.length === 0) return [html];
  const parts: Array<string | Reference> = [];
  let at = 0;
  for (const match of html.matchAll(REFERENCE_MARK)) {
    const reference = references[Number(match[1])];
    if (!reference) continue;
    parts.push(html.slice(at, match.index), reference);
    at = match.index + match[0].length;
  }
  parts.push(html.slice(at));
  return parts;
}
