/** Spec 001 sections 5 and 9: the picker's frequently used list, capped at 9 existing names. */
export const MAX_FREQUENT_EMOJI = 9;
export const FREQUENT_EMOJI_KEY = 'frequently_used_emojis';
/** Reaction tooltips name up to 10 people, then "and N more". */
export const MAX_REACTION_NAMES = 10;

/** Most recent first, without repeats, only names the emoji list knows. */
export function frequentEmoji(stored: readonly string[], exists: (name: string) => boolean): string[] {
  return [...new Set(stored)].filter(exists).slice(0, MAX_FREQUENT_EMOJI);
}

export function recordEmojiUse(
  stored: readonly string[],
  name: string,
  exists: (name: string) => boolean,
): string[] {
  return frequentEmoji([name, ...stored], exists);
}

/** Reads what local storage holds, forgiving anything that is not a list of names. */
export function parseFrequentEmoji(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** "You, Ada and Grace reacted with :thumbsup:", the viewer first and named "You". */
export function reactionTooltip(
  users: readonly { id: number; name: string }[],
  emoji: string,
  currentUserId: number | null,
): string {
  const mine = users.filter((user) => user.id === currentUserId).map(() => 'You');
  const names = [...mine, ...users.filter((user) => user.id !== currentUserId).map((user) => user.name)];
  const shown = names.slice(0, MAX_REACTION_NAMES);
  const hidden = names.length - shown.length;
  const list =
    hidden > 0
      ? `${shown.join(', ')}, and ${hidden} more`
      : shown.length > 1
        ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`
        : (shown[0] ?? '');
  return `${list} reacted with :${emoji}:`;
}

/** GitLab's award bar of an issue or a merge request always offers these, counted from 0 (its votes). */
export const DEFAULT_NOTEABLE_AWARDS = ['thumbsup', 'thumbsdown'] as const;

/**
 * Awards grouped by emoji: the `always` ones first (empty when nobody gave them), then the others
 * in the order each was first given.
 */
export function groupAwards<A extends { name: string }>(
  awards: readonly A[],
  always: readonly string[] = [],
): [string, A[]][] {
  const groups = new Map<string, A[]>(always.map((name) => [name, []]));
  for (const award of awards) groups.set(award.name, [...(groups.get(award.name) ?? []), award]);
  return [...groups];
}

/** Spec 001 section 8, awarding: the notes' text, and GitLab's awards handler's for a server error. */
export const AWARD_FAILED = 'Something went wrong while adding your award. Please try again.';
export const AWARD_FAILED_ON_OUR_END = 'Something went wrong on our end.';

/**
 * What a failed award says: a 5xx is the server's fault ("on our end"); a refusal or a lost
 * connection (no status) asks the reader to try again.
 */
export const awardFailureText = (status: number | null): string =>
  status !== null && status >= 500 ? AWARD_FAILED_ON_OUR_END : AWARD_FAILED;
