import { findEmoji } from '../../../shared/emoji/emoji';

/** An award's emoji as text, or its name between colons for a name that is no emoji we know. */
export function EmojiGlyph({ name }: { name: string }) {
  return findEmoji(name)?.unicode ?? `:${name}:`;
}
