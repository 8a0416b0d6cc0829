import { describe, expect, it } from 'vitest';
import { DETAILED_MERGE_STATUSES } from '../api/mergeRequests';
import { mergeBlockerMessage, type MergeBlocker } from './mergeBlockers';

const branches = { sourceBranch: 'feature/x', targetBranch: 'main', sourceBranchExists: true };

describe('mergeBlockerMessage', () => {
  it.each<[MergeBlocker, string]>([
    ['not_open', 'Merge request must be open.'],
    ['draft_status', 'Merge request must not be draft.'],
    ['commits_status', 'Source branch exists and contains commits.'],
    ['ci_must_pass', 'Pipeline must succeed.'],
    ['conflict', 'Merge conflicts must be resolved.'],
    ['need_rebase', 'Merge request must be rebased, because a fast-forward merge is not possible.'],
    ['requested_changes', 'Change requests must be approved by the requesting user.'],
    ['merge_request_blocked', 'Merge request dependencies must be merged.'],
    ['status_checks_must_pass', 'Status checks must pass.'],
    ['title_regex', 'Merge request title must match expected format.'],
    ['unchecked', 'Merge request is not mergeable'],
    ['checking', 'Merge request is not mergeable'],
  ])('words %s with the spec’s blocker text', (status, text) => {
    expect(mergeBlockerMessage(status, branches)).toBe(text);
  });

  it('names the missing branch', () => {
    expect(mergeBlockerMessage('broken_status', { ...branches, sourceBranchExists: false })).toBe(
      'The source branch feature/x does not exist.',
    );
    expect(mergeBlockerMessage('broken_status', branches)).toBe('The target branch main does not exist.');
  });

  it('has words for every status but mergeable', () => {
    for (const status of DETAILED_MERGE_STATUSES) {
      if (status !== 'mergeable') expect(mergeBlockerMessage(status, branches)).not.toBe('');
    }
  });
});
