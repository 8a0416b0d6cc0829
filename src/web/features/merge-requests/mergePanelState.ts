import type { MergeRequestPage } from '../../../shared/api/mergeRequests';
import { mergeBlockerMessage } from '../../../shared/merge-requests/mergeBlockers';
import { assertNever } from '../../../shared/lib/assertNever';

/** What the merge panel shows; the full widget (checks, pipelines, auto-merge) replaces it later. */
export type MergePanelState =
  | { kind: 'merged' }
  | { kind: 'merging' }
  | { kind: 'ready' }
  /** Mergeable, but not by this viewer. */
  | { kind: 'ready_for_others' }
  | { kind: 'blocked'; reason: string }
  | { kind: 'none' };

type Facts = Pick<
  MergeRequestPage,
  'state' | 'detailed_merge_status' | 'user' | 'source_branch' | 'target_branch' | 'source_branch_exists'
>;

export function mergePanelState(mr: Facts): MergePanelState {
  switch (mr.state) {
    case 'merged':
      return { kind: 'merged' };
    case 'locked':
      return { kind: 'merging' };
    case 'closed':
      return { kind: 'none' };
    case 'opened': {
      const status = mr.detailed_merge_status;
      if (status !== 'mergeable')
        return {
          kind: 'blocked',
          reason: mergeBlockerMessage(status, {
            sourceBranch: mr.source_branch,
            targetBranch: mr.target_branch,
            sourceBranchExists: mr.source_branch_exists,
          }),
        };
      return mr.user.can_merge ? { kind: 'ready' } : { kind: 'ready_for_others' };
    }
    default:
      return assertNever(mr.state);
  }
}

/** The spec's merge error line: '{error}. Try again.', the error's own trailing period dropped. */
export const mergeErrorText = (error: string): string => `${error.trim().replace(/\.$/, '')}. Try again.`;
