import type { MergeRequest } from '../../../shared/api/mergeRequests';
import { assertNever } from '../../../shared/lib/assertNever';

export type MergeRequestBadge = {
  status: 'pullOpened' | 'pullMerged' | 'pullClosed' | 'draft';
  text: string;
};

/** Open, Draft, Merged or Closed, as GitLab labels a merge request. */
export function mergeRequestBadge(mr: Pick<MergeRequest, 'state' | 'draft'>): MergeRequestBadge {
  switch (mr.state) {
    case 'opened':
    case 'locked':
      return mr.draft ? { status: 'draft', text: 'Draft' } : { status: 'pullOpened', text: 'Open' };
    case 'merged':
      return { status: 'pullMerged', text: 'Merged' };
    case 'closed':
      return { status: 'pullClosed', text: 'Closed' };
    default:
      return assertNever(mr.state);
  }
}
