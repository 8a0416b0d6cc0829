/** Spec 001 section 9: default text truncation and the avatar list's cut-off. */
export const DEFAULT_TRUNCATION_LENGTH = 30;
export const AVATAR_LIST_CUTOFF = 10;

/** At most `max` characters, the last three of them "..." when cut. */
export function truncate(text: string, max = DEFAULT_TRUNCATION_LENGTH): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

/** The avatars shown and how many more there are ("+N"). */
export function cutAvatarList<T>(
  items: readonly T[],
  cutoff = AVATAR_LIST_CUTOFF,
): { shown: T[]; more: number } {
  return { shown: items.slice(0, cutoff), more: Math.max(0, items.length - cutoff) };
}
