import { findEmoji, type Emoji } from '../emoji/emoji';

export type EmojiMatch = { start: number; end: number; emoji: Emoji };

/**
 * `:name:` as GitLab's emoji filter reads it: not glued to a letter, digit or another colon on
 * either side, so times (`10:30:00`) and `a:b:c` stay text.
 */
const SHORTCODE = /(?<![\p{L}\p{N}:]):([a-z0-9_+-]{1,64}):(?![\p{L}\p{N}:])/gu;

/** The shortcodes of known emoji in a piece of plain text; unknown names are left out (they stay text). */
export function findEmojiShortcodes(text: string): EmojiMatch[] {
  const found: EmojiMatch[] = [];
  for (const match of text.matchAll(SHORTCODE)) {
    const emoji = findEmoji(match[1] ?? '');
    if (emoji) found.push({ start: match.index, end: match.index + match[0].length, emoji });
  }
  return found;
}
