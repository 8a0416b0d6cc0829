import { EyeClosedIcon, EyeIcon } from '@primer/octicons-react';
import { Button, Flash } from '@primer/react';
import type { IssuePage } from '../../../shared/api/issues';
import { AssigneesField } from '../../components/AssigneesField';
import { DiscussionLockField } from '../../components/DiscussionLockField';
import { LabelsField } from '../../components/LabelsField';
import { useUpdateIssue } from './mutations';

type Props = { fullPath: string; issue: IssuePage };

/** Assignees, confidentiality and the discussion lock; changing them needs `can_set_issue_metadata`. */
export function IssueSidebar({ fullPath, issue }: Props) {
  return (
    <aside className="issue-sidebar" aria-label="Issue details">
      <IssueAssignees fullPath={fullPath} issue={issue} />
      <IssueLabels fullPath={fullPath} issue={issue} />
      <ConfidentialityField fullPath={fullPath} issue={issue} />
      <LockField fullPath={fullPath} issue={issue} />
    </aside>
  );
}

function IssueAssignees({ fullPath, issue }: Props) {
  const update = useUpdateIssue(fullPath, issue.iid);
  return (
    <AssigneesField
      fullPath={fullPath}
      assignees={issue.assignees}
      canEdit={issue.current_user.can_set_issue_metadata}
      update={update}
    />
  );
}

function IssueLabels({ fullPath, issue }: Props) {
  const update = useUpdateIssue(fullPath, issue.iid);
  return (
    <LabelsField
      fullPath={fullPath}
      labels={issue.labels}
      canEdit={issue.current_user.can_set_issue_metadata}
      update={update}
    />
  );
}

function ConfidentialityField({ fullPath, issue }: Props) {
  const update = useUpdateIssue(fullPath, issue.iid);
  const name = issue.issue_type === 'incident' ? 'incident' : 'issue';
  return (
    <section className="sidebar__block" aria-label="Confidentiality">
      <div className="sidebar__heading">
        <span>Confidentiality</span>
      </div>
      {update.isError && <Flash variant="danger">{update.error.message}</Flash>}
      <p className="sidebar__value">
        {issue.confidential ? <EyeClosedIcon /> : <EyeIcon />}{' '}
        {issue.confidential
          ? `This ${name} is confidential and should only be visible to team members with at least the Reporter role.`
          : 'Not confidential'}
      </p>
      {issue.current_user.can_set_issue_metadata && (
        <Button
          size="small"
          loading={update.isPending}
          onClick={() => update.mutate({ confidential: !issue.confidential })}
        >
          {issue.confidential ? 'Turn off' : 'Turn on'}
        </Button>
      )}
    </section>
  );
}

function LockField({ fullPath, issue }: Props) {
  const update = useUpdateIssue(fullPath, issue.iid);
  return (
    <DiscussionLockField
      locked={issue.discussion_locked}
      canEdit={issue.current_user.can_set_issue_metadata}
      update={update}
    />
  );
}
