import { z } from 'zod';
import type { DetailedMergeStatus } from '../api/mergeRequests';
import type { MergeBlocker } from '../merge-requests/mergeBlockers';
import {
  mergeChoice,
  type MergeAsk,
  type MergeChoiceFacts,
  type MergeRefusal,
} from '../merge-requests/mergeChoices';

/** What the widget shows when the server gave up (spec 000 section 8). */
export const AUTO_MERGE_FAILED = 'This merge request failed to be merged automatically';

/**
 * Checks that time can settle: auto-merge waits for these. Anything else (closed, conflicts, a
 * missing branch, no commits) needs a person, so auto-merge stops with the reason.
 */
const WAITABLE: ReadonlySet<DetailedMergeStatus> = new Set([
  'unchecked',
  'checking',
  'draft_status',
  'ci_must_pass',
  'ci_still_running',
  'discussions_not_resolved',
  'need_rebase',
  // Auto-merge waits for the approvals: approvers act elsewhere, and each approval is announced.
  'not_approved',
  // Approvals syncing ends by itself, once the push that started it is recorded.
  'approvals_syncing',
  // Likewise the change requests: the reviewer who asked approves elsewhere, and that is announced.
  'requested_changes',
  // A dependency merges and an outside service answers without anyone here acting.
  'merge_request_blocked',
  'status_checks_must_pass',
]);

/** Whether auto-merge can wait for this status to pass by itself. */
export const isWaitable = (status: DetailedMergeStatus): boolean => WAITABLE.has(status);

/** What a person chose when setting auto-merge (or adding to a merge train), kept until it merges. */
export const mergeParams = z.object({
  userId: z.number(),
  squash: z.boolean().optional(),
  shouldRemoveSourceBranch: z.boolean().optional(),
  mergeCommitMessage: z.string().optional(),
  squashCommitMessage: z.string().optional(),
});

export type MergeParams = z.infer<typeof mergeParams>;

/** Whether a set auto-merge removes the source branch: its setter's choice, else the request's own. */
export function autoMergeRemovesSourceBranch(mr: {
  autoMergeEnabled: boolean;
  mergeParams: unknown;
  shouldRemoveSourceBranch: boolean | null;
}): boolean | null {
  const chosen = mr.autoMergeEnabled
    ? mergeParams.safeParse(mr.mergeParams).data?.shouldRemoveSourceBranch
    : undefined;
  return chosen ?? mr.shouldRemoveSourceBranch;
}

/** Where a request stands for the listeners that wait on it. */
export type Standing = { state: 'opened' | 'closed' | 'merged' | 'locked'; autoMergeStrategy: string | null };

/** Whether a request waits for auto-merge (a car on a merge train is its train's to merge). */
export const waitsForAutoMerge = (standing: Standing): boolean =>
  standing.state === 'opened' &&
  standing.autoMergeStrategy !== null &&
  standing.autoMergeStrategy !== 'merge_train';

/** A blocker's text as the middle of a sentence ("... because merge conflicts must be resolved"). */
export const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1).replace(/\.$/, '');

/**
 * What a merge set for later keeps (the merger, squash, branch removal, messages), or why it is
 * refused now: a blocker that will not pass by itself, a head newer than the one seen, a squash
 * choice the project forbids.
 */
export function autoMergeChoices(
  view: MergeChoiceFacts,
  actor: { id: number },
  blocker: MergeBlocker | null,
  options: MergeAsk & Omit<MergeParams, 'userId' | 'squash'>,
): { ok: true; params: MergeParams } | { ok: false; outcome: MergeRefusal } {
  const choice = mergeChoice(view, blocker, options);
  if (!choice.ok) return { ok: false, outcome: choice.refusal };
  return {
    ok: true,
    params: {
      userId: actor.id,
      squash: choice.squash,
      shouldRemoveSourceBranch: options.shouldRemoveSourceBranch,
      mergeCommitMessage: options.mergeCommitMessage,
      squashCommitMessage: options.squashCommitMessage,
    },
  };
}
