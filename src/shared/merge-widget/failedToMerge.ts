import { MERGE_FAILED } from './messages';

export const FAILED_TO_MERGE_COUNTDOWN_SECONDS = 10;
const TICK_MS = 1_000;

export type FailedToMergeCountdown =
  /** Counting down: merge-state polling stays off; the next tick is `nextTickMs` away. */
  { kind: 'counting'; secondsLeft: number; nextTickMs: number; text: string } | { kind: 'refresh' };

/** 'Refreshing in N seconds…': the spec marks no singular here, so the text has one form. */
export const refreshingInText = (seconds: number): string =>
  `Refreshing in ${seconds} seconds to show the updated status…`;

/** The failed-to-merge countdown at `elapsedMs` since the panel appeared: 10 s, one tick a second. */
export function failedToMergeCountdown(elapsedMs: number): FailedToMergeCountdown {
  const elapsed = Math.max(0, elapsedMs);
  const secondsLeft = FAILED_TO_MERGE_COUNTDOWN_SECONDS - Math.floor(elapsed / TICK_MS);
  if (secondsLeft <= 0) return { kind: 'refresh' };
  return {
    kind: 'counting',
    secondsLeft,
    nextTickMs: TICK_MS - (elapsed % TICK_MS),
    text: refreshingInText(secondsLeft),
  };
}

/** The failed-to-merge panel's first line: the error as the server gave it, or 'Merge failed.'. */
export const failedToMergeText = (mergeError: string | null): string => mergeError?.trim() || MERGE_FAILED;

export type MergeErrorAlert = { text: string; manageStorageLink: boolean };

/**
 * The merge error alert: '{error}. Try again.' with the error's own trailing period dropped so
 * it does not double. The namespace-storage-full message is shown as it is, with a link to
 * managing storage, because trying again cannot help until storage is freed.
 */
export function mergeErrorAlert(error: string, namespaceStorageFull: boolean): MergeErrorAlert {
  if (namespaceStorageFull) return { text: error, manageStorageLink: true };
  return { text: `${error.trim().replace(/\.$/, '')}. Try again.`, manageStorageLink: false };
}
