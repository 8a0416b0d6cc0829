import type { SquashOption } from '../api/projects';
import { assertNever } from '../lib/assertNever';

/** GitLab's words when a merge asks not to squash in a project that always squashes. */
export const SQUASH_REQUIRED = 'This project requires squashing commits when merge requests are accepted.';
/** GitLab's words when a merge asks to squash in a project that never squashes. */
export const SQUASH_FORBIDDEN =
  "Squashing not allowed: This project doesn't allow you to squash commits when merging.";

/** Whether a new merge request starts with squash on. */
export const squashByDefault = (option: SquashOption): boolean =>
  option === 'always' || option === 'default_on';

/** The squash checkbox cannot be changed: the project decides (the widget hides it for `never`). */
export const squashIsReadonly = (option: SquashOption): boolean => option === 'always' || option === 'never';

export type SquashDecision = { ok: true; squash: boolean } | { ok: false; message: string };

/**
 * Whether a merge squashes: `never` and `always` decide, and refuse a request that asks for the
 * opposite; otherwise the merge's own `squash`, else what the merge request holds.
 */
export function squashOnMerge(
  option: SquashOption,
  requested: boolean | undefined,
  stored: boolean,
): SquashDecision {
  switch (option) {
    case 'never':
      return requested === true ? { ok: false, message: SQUASH_FORBIDDEN } : { ok: true, squash: false };
    case 'always':
      return requested === false ? { ok: false, message: SQUASH_REQUIRED } : { ok: true, squash: true };
    case 'default_on':
    case 'default_off':
      return { ok: true, squash: requested ?? stored };
    default:
      return assertNever(option);
  }
}
