import type { AutoMergeStrategy } from '../auto-merge/autoMergeStrategy';

export const SQUASH_REQUIRED_TOOLTIP = 'Required in this project.';
export const UNVERIFIED_MERGE_TITLE = 'Merge unverified changes?';
// The spec quotes only the title; the body and button are GitLab's own
// (merge_failed_pipeline_confirmation_dialog.vue).
export const UNVERIFIED_MERGE_TEXT =
  'The merge checks are incomplete because the latest pipeline failed, the pipeline status cannot be verified, or the merge request target branch was changed. You should run a new pipeline before merging.';
export const UNVERIFIED_MERGE_QUESTION = 'Are you sure you want to attempt to merge?';
export const UNVERIFIED_MERGE_CONFIRM = 'Merge unverified changes';
export const REBASE_CONFIRMATION_TITLE = 'Rebase source branch?';
export const REBASE_CONFIRMATION_TEXT =
  'This will rebase all commits from the source branch onto the target branch.';
export const MERGE_NOW_RESTART_TRAIN = 'Merge now and restart train';
export const MERGE_NOW_KEEP_TRAIN = "Merge now and don't restart train";
export const COMMIT_MESSAGE_MIN_ROWS = 7;
export const COMMIT_MESSAGE_MAX_ROWS = 32;
/** The squash commit count the widget shows: a squash lands one commit. */
export const SQUASH_COMMIT_COUNT = 1;

/** The merge button is disabled without a commit message, merge permission, while a request runs, or when merge is prevented. */
export function isMergeButtonDisabled(facts: {
  commitMessage: string;
  canMerge: boolean;
  requestInFlight: boolean;
  mergePrevented: boolean;
}): boolean {
  return facts.commitMessage === '' || !facts.canMerge || facts.requestInFlight || facts.mergePrevented;
}

/** The commit message editor grows with its text from 7 rows up to 32. */
export function commitMessageRows(message: string): number {
  const lines = message.split('\n').length;
  return Math.min(Math.max(lines, COMMIT_MESSAGE_MIN_ROWS), COMMIT_MESSAGE_MAX_ROWS);
}

export type SquashCheckbox = { shown: false } | { shown: true; readonly: boolean; tooltip: string | null };

/**
 * The squash checkbox shows only where squash is enabled, and not when it is read-only and off
 * (the project never squashes). Read-only and on means squash is mandatory, said in its tooltip.
 */
export function squashCheckbox(facts: {
  squashEnabled: boolean;
  squashIsReadonly: boolean;
  squashIsSelected: boolean;
}): SquashCheckbox {
  if (!facts.squashEnabled || (facts.squashIsReadonly && !facts.squashIsSelected)) return { shown: false };
  return facts.squashIsReadonly
    ? { shown: true, readonly: true, tooltip: SQUASH_REQUIRED_TOOLTIP }
    : { shown: true, readonly: false, tooltip: null };
}

/** Fast-forward merges create no merge commit, so there is no message to edit. */
export const showMergeCommitEditor = (ffOnlyEnabled: boolean): boolean => !ffOnlyEnabled;

export type MergeMessages = { commit_message?: string; squash_commit_message?: string };

/**
 * The messages a merge call sends: only those the user edited (and the squash one only while the
 * squash option shows), so an untouched message leaves the server's template in charge.
 */
export function mergeMessages(facts: {
  squashShown: boolean;
  squashMessageEdited: boolean;
  squashCommitMessage: string;
  mergeMessageEdited: boolean;
  commitMessage: string;
}): MergeMessages {
  const messages: MergeMessages = {};
  if (facts.squashShown && facts.squashMessageEdited)
    messages.squash_commit_message = facts.squashCommitMessage;
  if (facts.mergeMessageEdited) messages.commit_message = facts.commitMessage;
  return messages;
}

export const isRebaseOffered = (facts: {
  divergedCommitsCount: number;
  canPushToSourceBranch: boolean;
}): boolean => facts.divergedCommitsCount > 0 && facts.canPushToSourceBranch;

export const isReopenOffered = (signedIn: boolean): boolean => signedIn;

export const isDeleteSourceBranchOffered = (facts: {
  sourceBranchRemoved: boolean;
  canRemoveSourceBranch: boolean;
}): boolean => !facts.sourceBranchRemoved && facts.canRemoveSourceBranch;

/**
 * "The status cannot be verified": the request has CI but its pipeline's status could not be read
 * (the pipeline section then says it could not retrieve it).
 */
export const isStatusUnverifiable = (facts: { hasCI: boolean; ciStatus: string | null }): boolean =>
  facts.hasCI && !facts.ciStatus;

/**
 * Pipeline failure: FAILED or CANCELED (either spelling case, as REST and GraphQL differ). With CI
 * but no pipeline status, or a pipeline-must-succeed conflict, the status counts as failed too.
 */
export function isPipelineFailed(facts: {
  hasCI: boolean;
  ciStatus: string | null;
  pipelineMustSucceedConflict: boolean;
}): boolean {
  if (facts.pipelineMustSucceedConflict) return true;
  if (isStatusUnverifiable(facts)) return true;
  if (!facts.ciStatus) return false;
  const status = facts.ciStatus.toUpperCase();
  return status === 'FAILED' || status === 'CANCELED';
}

/**
 * 'Merge unverified changes?' is asked when the pipeline failed, its status cannot be verified, or
 * the request was retargeted; a merge train runs its own pipeline first, so it never asks.
 */
export function needsUnverifiedMergeConfirmation(facts: {
  pipelineFailed: boolean;
  statusUnverifiable: boolean;
  retargeted: boolean;
  strategy: AutoMergeStrategy | null;
}): boolean {
  if (facts.strategy === 'merge_train') return false;
  return facts.pipelineFailed || facts.statusUnverifiable || facts.retargeted;
}
