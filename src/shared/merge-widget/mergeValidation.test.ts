import { describe, expect, it } from 'vitest';
import {
  commitMessageRows,
  isDeleteSourceBranchOffered,
  isMergeButtonDisabled,
  MERGE_NOW_KEEP_TRAIN,
  MERGE_NOW_RESTART_TRAIN,
  isPipelineFailed,
  isStatusUnverifiable,
  isRebaseOffered,
  isReopenOffered,
  mergeMessages,
  needsUnverifiedMergeConfirmation,
  REBASE_CONFIRMATION_TEXT,
  REBASE_CONFIRMATION_TITLE,
  showMergeCommitEditor,
  squashCheckbox,
  UNVERIFIED_MERGE_TITLE,
  type MergeMessages,
  type SquashCheckbox,
} from './mergeValidation';

describe('isMergeButtonDisabled', () => {
  const enabled = {
    commitMessage: 'Merge branch',
    canMerge: true,
    requestInFlight: false,
    mergePrevented: false,
  };
  it.each<[string, Partial<typeof enabled>, boolean]>([
    ['§5 merge button enabled with a message, permission, no request and nothing preventing it', {}, false],
    ['§5 merge button disabled when the commit message is empty', { commitMessage: '' }, true],
    ['§5 merge button disabled when the user cannot merge', { canMerge: false }, true],
    ['§5 merge button disabled while a request is in flight', { requestInFlight: true }, true],
    ['§5 merge button disabled when merge is prevented', { mergePrevented: true }, true],
  ])('%s', (_rule, overrides, expected) => {
    expect(isMergeButtonDisabled({ ...enabled, ...overrides })).toBe(expected);
  });
});

describe('commitMessageRows', () => {
  it.each<[string, string, number]>([
    ['§5 commit message editor has 7 rows for a short message', 'Merge branch', 7],
    [
      '§5 commit message editor grows with the message',
      Array.from({ length: 12 }, () => 'line').join('\n'),
      12,
    ],
    ['§9 commit message editor stops at 32 rows', Array.from({ length: 80 }, () => 'line').join('\n'), 32],
  ])('%s', (_rule, message, expected) => {
    expect(commitMessageRows(message)).toBe(expected);
  });
});

describe('squashCheckbox', () => {
  it.each<[string, boolean, boolean, boolean, SquashCheckbox]>([
    ['§5 squash checkbox shows only if squash is enabled', false, false, true, { shown: false }],
    [
      '§5 squash checkbox is editable when not read-only',
      true,
      false,
      false,
      { shown: true, readonly: false, tooltip: null },
    ],
    [
      "§5 squash checkbox is read-only with 'Required in this project.' when mandatory",
      true,
      true,
      true,
      { shown: true, readonly: true, tooltip: 'Required in this project.' },
    ],
    ['§5 squash checkbox is hidden when read-only and unselected', true, true, false, { shown: false }],
  ])('%s', (_rule, squashEnabled, squashIsReadonly, squashIsSelected, expected) => {
    expect(squashCheckbox({ squashEnabled, squashIsReadonly, squashIsSelected })).toEqual(expected);
  });
});

describe('showMergeCommitEditor', () => {
  it.each<[string, boolean, boolean]>([
    ['§5 the merge commit message editor is hidden when fast-forward only is on', true, false],
    ['§5 the merge commit message editor shows otherwise', false, true],
  ])('%s', (_rule, ffOnly, expected) => {
    expect(showMergeCommitEditor(ffOnly)).toBe(expected);
  });
});

describe('mergeMessages', () => {
  const base = {
    squashShown: true,
    squashMessageEdited: false,
    squashCommitMessage: 'Squashed',
    mergeMessageEdited: false,
    commitMessage: 'Merged',
  };
  it.each<[string, Partial<typeof base>, MergeMessages]>([
    ['§5 no message is sent when none was edited', {}, {}],
    [
      '§5 the merge message is sent only if it was edited',
      { mergeMessageEdited: true },
      { commit_message: 'Merged' },
    ],
    [
      '§5 the squash message is sent if the squash option is shown and it was edited',
      { squashMessageEdited: true },
      { squash_commit_message: 'Squashed' },
    ],
    [
      '§5 the edited squash message is not sent while the squash option is hidden',
      { squashMessageEdited: true, squashShown: false },
      {},
    ],
    [
      '§5 both edited messages are sent',
      { squashMessageEdited: true, mergeMessageEdited: true },
      { squash_commit_message: 'Squashed', commit_message: 'Merged' },
    ],
  ])('%s', (_rule, overrides, expected) => {
    expect(mergeMessages({ ...base, ...overrides })).toEqual(expected);
  });
});

describe('offered actions', () => {
  it.each<[string, number, boolean, boolean]>([
    ['§5 rebase offered when the source diverged and the user can push to it', 3, true, true],
    ['§5 rebase not offered when the source has not diverged', 0, true, false],
    ['§5 / §6 rebase not offered to a user who cannot push to the source branch', 3, false, false],
  ])('%s', (_rule, divergedCommitsCount, canPushToSourceBranch, expected) => {
    expect(isRebaseOffered({ divergedCommitsCount, canPushToSourceBranch })).toBe(expected);
  });

  it.each<[string, boolean, boolean]>([
    ['§5 / §6 reopen offered to signed-in users', true, true],
    ['§5 / §6 reopen not offered to anonymous visitors', false, false],
  ])('%s', (_rule, signedIn, expected) => {
    expect(isReopenOffered(signedIn)).toBe(expected);
  });

  it.each<[string, boolean, boolean, boolean]>([
    ['§5 delete source branch offered when it was not removed and the user may remove it', false, true, true],
    ['§5 delete source branch not offered when the branch was removed', true, true, false],
    ['§5 / §6 delete source branch not offered to a user who may not remove it', false, false, false],
  ])('%s', (_rule, sourceBranchRemoved, canRemoveSourceBranch, expected) => {
    expect(isDeleteSourceBranchOffered({ sourceBranchRemoved, canRemoveSourceBranch })).toBe(expected);
  });
});

describe('isPipelineFailed', () => {
  it.each<[string, boolean, string | null, boolean, boolean]>([
    ['§5 pipeline failure: FAILED', true, 'FAILED', false, true],
    ['§5 pipeline failure: CANCELED', true, 'CANCELED', false, true],
    ['§5 pipeline failure: the REST spelling failed', true, 'failed', false, true],
    ['§5 pipeline failure: SUCCESS is not a failure', true, 'SUCCESS', false, false],
    ['§5 pipeline failure: RUNNING is not a failure', true, 'RUNNING', false, false],
    ['§5 pipeline failure: a missing status with CI counts as failed', true, null, false, true],
    ['§5 pipeline failure: no status and no CI is not a failure', false, null, false, false],
    ['§5 pipeline failure: a pipeline-must-succeed conflict counts as failed', false, 'SUCCESS', true, true],
  ])('%s', (_rule, hasCI, ciStatus, pipelineMustSucceedConflict, expected) => {
    expect(isPipelineFailed({ hasCI, ciStatus, pipelineMustSucceedConflict })).toBe(expected);
  });
});

describe('isStatusUnverifiable', () => {
  it.each<[string, boolean, string | null, boolean]>([
    ['§5 the status cannot be verified: CI exists but no pipeline status was read', true, null, true],
    ['§5 a read status is verified, even a failed one', true, 'failed', false],
    ['§5 without CI there is no status to verify', false, null, false],
  ])('%s', (_rule, hasCI, ciStatus, expected) => {
    expect(isStatusUnverifiable({ hasCI, ciStatus })).toBe(expected);
  });
});

describe('needsUnverifiedMergeConfirmation', () => {
  const calm: Parameters<typeof needsUnverifiedMergeConfirmation>[0] = {
    pipelineFailed: false,
    statusUnverifiable: false,
    retargeted: false,
    strategy: null,
  };
  it.each<[string, Partial<typeof calm>, boolean]>([
    ['§5 unverified merge: not asked for a verified, green request', {}, false],
    ['§5 unverified merge: asked when the pipeline failed', { pipelineFailed: true }, true],
    ['§5 unverified merge: asked when the status cannot be verified', { statusUnverifiable: true }, true],
    [
      '§5 unverified merge: asked when the request was retargeted',
      { retargeted: true, strategy: 'merge_when_checks_pass' },
      true,
    ],
    [
      '§5 unverified merge: never with the merge train strategy',
      { pipelineFailed: true, retargeted: true, strategy: 'merge_train' },
      false,
    ],
  ])('%s', (_rule, overrides, expected) => {
    expect(needsUnverifiedMergeConfirmation({ ...calm, ...overrides })).toBe(expected);
  });
});

describe('confirmation texts', () => {
  it.each<[string, string, string]>([
    ['§5 unverified merge confirmation title', UNVERIFIED_MERGE_TITLE, 'Merge unverified changes?'],
    ['§5 rebase confirmation title', REBASE_CONFIRMATION_TITLE, 'Rebase source branch?'],
    [
      '§5 rebase confirmation text',
      REBASE_CONFIRMATION_TEXT,
      'This will rebase all commits from the source branch onto the target branch.',
    ],
    ['§5 merge train option that restarts the train', MERGE_NOW_RESTART_TRAIN, 'Merge now and restart train'],
    ['§5 merge train option that keeps the train', MERGE_NOW_KEEP_TRAIN, "Merge now and don't restart train"],
  ])('%s reads exactly as the spec quotes it', (_rule, constant, quoted) => {
    expect(constant).toBe(quoted);
  });
});
