import { describe, expect, it } from 'vitest';
import type { DetailedMergeStatus } from '../api/mergeRequests';
import type { SquashOption } from '../api/projects';
import { MERGE_BLOCKER_MESSAGES } from '../merge-checks/mergeChecks';
import type { MergeBlocker } from '../merge-requests/mergeBlockers';
import { SQUASH_FORBIDDEN, SQUASH_REQUIRED } from '../merge-requests/squashOption';
import {
  autoMergeChoices,
  autoMergeRemovesSourceBranch,
  isWaitable,
  lowerFirst,
  mergeParams,
  waitsForAutoMerge,
  type Standing,
} from './autoMergeRules';

describe('isWaitable: what auto-merge waits for, and what makes it stop', () => {
  it.each<[DetailedMergeStatus, boolean]>([
    ['unchecked', true],
    ['checking', true],
    ['draft_status', true],
    ['ci_must_pass', true],
    ['discussions_not_resolved', true],
    ['need_rebase', true],
    ['merge_request_blocked', true],
    ['not_approved', true],
    ['status_checks_must_pass', true],
    ['not_open', false],
    ['broken_status', false],
    ['commits_status', false],
    ['conflict', false],
    ['title_regex', false],
    ['mergeable', false],
  ])('%s: waits %s', (status, waits) => {
    expect(isWaitable(status)).toBe(waits);
  });
});

describe('waitsForAutoMerge', () => {
  it.each<[Standing, boolean]>([
    [{ state: 'opened', autoMergeStrategy: 'merge_when_checks_pass' }, true],
    [{ state: 'opened', autoMergeStrategy: 'merge_when_pipeline_succeeds' }, true],
    [{ state: 'opened', autoMergeStrategy: 'add_to_merge_train_when_checks_pass' }, true],
    // A car on a merge train is its train's to merge.
    [{ state: 'opened', autoMergeStrategy: 'merge_train' }, false],
    [{ state: 'opened', autoMergeStrategy: null }, false],
    [{ state: 'closed', autoMergeStrategy: 'merge_when_checks_pass' }, false],
    [{ state: 'locked', autoMergeStrategy: 'merge_when_checks_pass' }, false],
    [{ state: 'merged', autoMergeStrategy: 'merge_when_checks_pass' }, false],
  ])('%o: %s', (standing, waits) => {
    expect(waitsForAutoMerge(standing)).toBe(waits);
  });
});

describe('autoMergeRemovesSourceBranch', () => {
  it.each<[boolean, unknown, boolean | null, boolean | null]>([
    // The setter's choice wins while auto-merge is set.
    [true, { userId: 1, shouldRemoveSourceBranch: true }, false, true],
    [true, { userId: 1, shouldRemoveSourceBranch: false }, true, false],
    // No choice made when it was set: the request's own.
    [true, { userId: 1 }, true, true],
    [true, { userId: 1 }, null, null],
    // Not set: what is kept from an earlier setting does not count.
    [false, { userId: 1, shouldRemoveSourceBranch: true }, false, false],
    // Unreadable parameters are no choice.
    [true, { shouldRemoveSourceBranch: true }, null, null],
  ])('set %s with %o, request %s: %s', (autoMergeEnabled, params, own, removes) => {
    expect(
      autoMergeRemovesSourceBranch({ autoMergeEnabled, mergeParams: params, shouldRemoveSourceBranch: own }),
    ).toBe(removes);
  });
});

describe('autoMergeChoices', () => {
  const view = (squashOption: SquashOption = 'default_off') => ({
    mergeRequest: { sourceBranch: 'feature', targetBranch: 'main', headSha: 'abc123', squash: false },
    sourceBranchExists: true,
    settings: { squashOption },
  });
  const actor = { id: 7 };

  it.each<[string, MergeBlocker | null, SquashOption, Parameters<typeof autoMergeChoices>[3], unknown]>([
    [
      'a blocker that will not pass by itself, before the sha',
      'conflict',
      'default_off',
      { sha: 'old' },
      { ok: false, outcome: { kind: 'not_mergeable', message: MERGE_BLOCKER_MESSAGES.conflicts } },
    ],
    [
      'a head other than the one the client saw',
      null,
      'default_off',
      { sha: 'old' },
      { ok: false, outcome: { kind: 'sha_mismatch', headSha: 'abc123' } },
    ],
    [
      'squash where the project never squashes',
      null,
      'never',
      { sha: 'abc123', squash: true },
      { ok: false, outcome: { kind: 'refused', message: SQUASH_FORBIDDEN } },
    ],
    [
      'no squash where the project always squashes',
      null,
      'always',
      { squash: false },
      { ok: false, outcome: { kind: 'refused', message: SQUASH_REQUIRED } },
    ],
    [
      'the choices kept, with the project deciding the squash',
      null,
      'always',
      { shouldRemoveSourceBranch: true, mergeCommitMessage: 'Ship it' },
      {
        ok: true,
        params: {
          userId: 7,
          squash: true,
          shouldRemoveSourceBranch: true,
          mergeCommitMessage: 'Ship it',
          squashCommitMessage: undefined,
        },
      },
    ],
    [
      'no sha named: any head',
      null,
      'default_off',
      {},
      {
        ok: true,
        params: {
          userId: 7,
          squash: false,
          shouldRemoveSourceBranch: undefined,
          mergeCommitMessage: undefined,
          squashCommitMessage: undefined,
        },
      },
    ],
  ])('%s', (_title, blocker, squashOption, options, expected) => {
    expect(autoMergeChoices(view(squashOption), actor, blocker, options)).toEqual(expected);
  });

  it('keeps what mergeParams reads back', () => {
    const choices = autoMergeChoices(view(), actor, null, { squash: true });
    expect(choices.ok && mergeParams.parse(choices.params)).toEqual({ userId: 7, squash: true });
  });
});

describe('lowerFirst', () => {
  it.each([
    ['Merge conflicts must be resolved.', 'merge conflicts must be resolved'],
    ['The source branch feature does not exist.', 'the source branch feature does not exist'],
  ])('%s', (text, expected) => {
    expect(lowerFirst(text)).toBe(expected);
  });
});
