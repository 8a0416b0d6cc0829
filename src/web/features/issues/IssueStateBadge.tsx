import { StateLabel } from '@primer/react';
import type { Issue } from '../../../shared/api/issues';

/** Open or Closed, as GitLab's issue badge reads. */
export function IssueStateBadge({ issue, small }: { issue: Pick<Issue, 'state'>; small?: boolean }) {
  const open = issue.state === 'opened';
  return (
    <StateLabel status={open ? 'issueOpened' : 'issueClosed'} size={small ? 'small' : 'medium'}>
      {open ? 'Open' : 'Closed'}
    </StateLabel>
  );
}
