import { gemoji } from 'gemoji';

/** One emoji as the award bar and the picker show it. */
export type Emoji = {
  name: string;
  unicode: string;
  description: string;
  category: string;
  aliases: string[];
};

/** GitLab's names for a thumbs up and down: what `upvotes` and `downvotes` count. */
export const UPVOTE_NAME = 'thumbsup';
export const DOWNVOTE_NAME = 'thumbsdown';

/**
 * gemoji lists `+1` first; GitLab calls the same emoji `thumbsup` and keeps `+1` as an alias, so an
 * award made as `:+1:` and one made as `:thumbsup:` are the same award.
 */
const PREFERRED_NAMES: Readonly<Record<string, string>> = { '+1': UPVOTE_NAME, '-1': DOWNVOTE_NAME };

const canonicalOf = (names: readonly string[]): string => {
  const first = names[0] ?? '';
  return PREFERRED_NAMES[first] ?? first;
};

/** Every emoji, in gemoji's order (grouped by category), each under its canonical name. */
export const EMOJI: readonly Emoji[] = gemoji.map((entry) => {
  const name = canonicalOf(entry.names);
  return {
    name,
    unicode: entry.emoji,
    description: entry.description,
    category: entry.category,
    aliases: entry.names.filter((alias) => alias !== name),
  };
});

const byName = new Map<string, Emoji>();
for (const emoji of EMOJI) {
  byName.set(emoji.name, emoji);
  for (const alias of emoji.aliases) byName.set(alias, emoji);
}

/** The emoji a name or alias stands for, or null: names come from users, so anything else is refused. */
export const findEmoji = (name: string): Emoji | null => byName.get(name) ?? null;

/** The name an award is stored under (`+1` becomes `thumbsup`), or null for a name that is no emoji. */
export const canonicalEmojiName = (name: string): string | null => findEmoji(name)?.name ?? null;
