import { EyeClosedIcon, LockIcon } from '@primer/octicons-react';
import { Button, Flash, Heading, Label, RelativeTime } from '@primer/react';
import type { IssuePage } from '../../../shared/api/issues';
import { closeReopenButton } from '../../../shared/issues/closeReopenButton';
import { useUpdateIssue } from './mutations';
import { IssueStateBadge } from './IssueStateBadge';

type Props = { fullPath: string; issue: IssuePage; onEdit: () => void };

/** Title, state, type, who opened it and when, and the actions on the issue itself. */
export function IssueHeader({ fullPath, issue, onEdit }: Props) {
  const update = useUpdateIssue(fullPath, issue.iid);
  const button = closeReopenButton({
    kind: issue.issue_type,
    state: issue.state,
    discussionLocked: issue.discussion_locked,
    canUpdate: issue.current_user.can_update,
    toggling: update.isPending,
  });
  const toggleState = () => {
    if (!button.shown || button.call.via !== 'event') return;
    update.mutate({ state_event: button.call.stateEvent });
  };
  return (
    <header className="issue-header">
      {update.isError && <Flash variant="danger">{update.error.message}</Flash>}
      <div className="issue-header__title-row">
        <Heading as="h1" className="issue-header__title">
          <span dangerouslySetInnerHTML={{ __html: issue.title_html }} />
        </Heading>
        <div className="row issue-header__actions">
          {issue.current_user.can_update && <Button onClick={onEdit}>Edit</Button>}
          {button.shown && (
            <Button onClick={toggleState} loading={button.loading} disabled={button.disabled}>
              {button.label}
            </Button>
          )}
        </div>
      </div>
      <div className="row issue-header__meta">
        <IssueStateBadge issue={issue} />
        {issue.issue_type === 'incident' && <Label variant="danger">Incident</Label>}
        {issue.confidential && (
          <Label variant="attention" className="issue-header__flag">
            <EyeClosedIcon size={12} /> Confidential
          </Label>
        )}
        {issue.discussion_locked && (
          <Label variant="secondary" className="issue-header__flag">
            <LockIcon size={12} /> Locked
          </Label>
        )}
        <span>
          {issue.issue_type === 'incident' ? 'Incident' : 'Issue'} created{' '}
          <RelativeTime date={new Date(issue.created_at)} /> by{' '}
          <strong>{issue.author?.name ?? 'A deleted user'}</strong>
        </span>
      </div>
    </header>
  );
}
