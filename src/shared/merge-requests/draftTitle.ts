/**
 * GitLab marks a merge request as a draft by its title: `Draft:`, `[Draft]`, `(Draft)` or
 * `Draft - ` at the start, in any case, possibly repeated.
 */
const DRAFT_PREFIX = /^\s*(?:(?:\[draft\]|\(draft\)|draft:|draft\s-\s)\s*)+/i;

export const isDraftTitle = (title: string): boolean => DRAFT_PREFIX.test(title);

/** The title without its draft prefix. */
export const draftlessTitle = (title: string): string => title.replace(DRAFT_PREFIX, '');

/** The title with GitLab's `Draft: ` prefix, added once. */
export const draftTitle = (title: string): string => (isDraftTitle(title) ? title : `Draft: ${title}`);
