import { CSS_COLOR_KEYWORDS } from './cssColorKeywords';

/** GitLab's colour for a label made on the fly (a name given to an issue that no label has yet). */
export const DEFAULT_LABEL_COLOR = '#6699cc';
export const MAX_LABEL_TITLE_LENGTH = 255;

const HEX_6 = /^#[0-9a-f]{6}$/i;
const HEX_3 = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i;

/**
 * A label colour as stored: `#RRGGBB` as given, `#RGB` spelled out, a CSS colour keyword as its hex
 * value. Null when the text is no colour (GitLab: `must be a valid color code`).
 */
export function normalizeLabelColor(input: string): string | null {
  const text = input.trim();
  if (HEX_6.test(text)) return text;
  const short = HEX_3.exec(text);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return CSS_COLOR_KEYWORDS.get(text.toLowerCase()) ?? null;
}

/** WCAG 2.1 relative luminance of `#RRGGBB`. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2.1 contrast ratio between two `#RRGGBB` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * GitLab's `text_color`: white or black on the label's colour, whichever contrasts more. One of
 * the two always reaches 4.58:1, so a chip's text passes WCAG AA on any background.
 */
export function labelTextColor(color: string): '#FFFFFF' | '#000000' {
  const hex = normalizeLabelColor(color) ?? DEFAULT_LABEL_COLOR;
  return contrastRatio(hex, '#ffffff') >= contrastRatio(hex, '#000000') ? '#FFFFFF' : '#000000';
}

/** What is wrong with a label title, in GitLab's words (`title` errors), or null. */
export function labelTitleProblem(title: string): string | null {
  if (title.trim() === '') return "can't be blank";
  if (title.length > MAX_LABEL_TITLE_LENGTH)
    return `is too long (maximum is ${MAX_LABEL_TITLE_LENGTH} characters)`;
  // Commas separate labels in every list parameter, so no title may hold one.
  if (title.includes(',')) return 'is invalid';
  return null;
}

/**
 * Label names as GitLab's API takes them (`labels=a,b`, `labels[]=a`, an array in JSON): split on
 * commas, trimmed, blanks and repeats dropped, in the order given.
 */
export function labelNamesOf(value: string | readonly string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const parts = (typeof value === 'string' ? [value] : value).flatMap((part) => part.split(','));
  return [...new Set(parts.map((part) => part.trim()).filter((part) => part !== ''))];
}

/**
 * GitLab's label system note: `added ~1 ~2 labels and removed ~3 label`. Labels are referred to
 * by id (`~12`), so the note still names the right label after a rename.
 */
export function labelsChangedText(addedIds: readonly number[], removedIds: readonly number[]): string {
  const part = (verb: string, ids: readonly number[]) => {
    if (ids.length === 0) return null;
    const refs = ids.map((id) => `~${id}`).sort();
    return `${verb} ${refs.join(' ')} ${ids.length === 1 ? 'label' : 'labels'}`;
  };
  return [part('added', addedIds), part('removed', removedIds)].filter((text) => text !== null).join(' and ');
}

/** A label named in text: `~bug`, `~"needs review"`, or `~12` by id. */
export type LabelRef = { kind: 'name'; name: string } | { kind: 'id'; id: number };

/**
 * `~` references in text, as GitLab's label reference pattern reads them: a quoted name, digits (an
 * id), or a word of letters, digits, `_`, `-`, `.`, `?`, `&` and `:` (scoped labels).
 */
export const LABEL_REFERENCE_PATTERN =
  /(?<![\w~])~(?:"([^"\n]+)"|(\d+)(?![\w?&.:-]*[A-Za-z_])|([\w?&.:-]*[\w?&]))/g;

export function labelRefsIn(text: string): LabelRef[] {
  const refs: LabelRef[] = [];
  for (const match of text.matchAll(LABEL_REFERENCE_PATTERN)) refs.push(labelRefOf(match));
  return refs;
}

/** The reference a match of LABEL_REFERENCE_PATTERN names. */
export function labelRefOf(match: RegExpMatchArray): LabelRef {
  const [, quoted, id, word] = match;
  if (quoted !== undefined) return { kind: 'name', name: quoted };
  if (id !== undefined) return { kind: 'id', id: Number(id) };
  return { kind: 'name', name: word ?? '' };
}
