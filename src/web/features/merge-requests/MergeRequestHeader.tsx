import { Button, Flash, Heading, RelativeTime } from '@primer/react';
import { useState } from 'react';
import type { MergeRequestPage } from '../../../shared/api/mergeRequests';
import { MergeRequestEditForm } from './MergeRequestEditForm';
import { useUpdateMergeRequest } from './mutations';
import { StateBadge } from './StateBadge';

/** The spec's words for a failed reopen, shown whatever the server said. */
export const REOPEN_FAILED = 'An error occurred. Unable to reopen this merge request.';

type Props = { fullPath: string; mergeRequest: MergeRequestPage };

/** Title, state, who asks to merge what into what, and the actions on the request itself. */
export function MergeRequestHeader({ fullPath, mergeRequest: mr }: Props) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateMergeRequest(fullPath, mr.iid);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    update.mutate({ state_event: 'close' }, { onError: (e) => setError(e.message) });
  };
  // The spec: update with state_event 'reopen', then reload the page.
  const reopen = () => {
    setError(null);
    update.mutate(
      { state_event: 'reopen' },
      { onSuccess: () => window.location.reload(), onError: () => setError(REOPEN_FAILED) },
    );
  };

  if (editing) {
    return <MergeRequestEditForm fullPath={fullPath} mergeRequest={mr} onDone={() => setEditing(false)} />;
  }
  const canEdit = mr.current_user.can_update && mr.state !== 'merged';
  return (
    <header className="mr-header">
      {error && <Flash variant="danger">{error}</Flash>}
      <div className="mr-header__title-row">
        <Heading as="h1" className="mr-header__title">
          <span dangerouslySetInnerHTML={{ __html: mr.title_html }} />
        </Heading>
        <div className="row mr-header__actions" role="group" aria-label="Merge request actions">
          {canEdit && <Button onClick={() => setEditing(true)}>Edit</Button>}
          {mr.state === 'opened' && mr.current_user.can_update && (
            <Button onClick={close} loading={update.isPending}>
              Close merge request
            </Button>
          )}
          {mr.state === 'closed' && mr.current_user.can_reopen && (
            <Button onClick={reopen} loading={update.isPending}>
              Reopen merge request
            </Button>
          )}
        </div>
      </div>
      <p className="mr-header__meta">
        <StateBadge mergeRequest={mr} /> <strong>{mr.author?.name ?? 'A deleted user'}</strong> requested to
        merge <span className="mr-branch">{mr.source_branch}</span> into{' '}
        <span className="mr-branch">{mr.target_branch}</span> <RelativeTime date={new Date(mr.created_at)} />
      </p>
    </header>
  );
}
