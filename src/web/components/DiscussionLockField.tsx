import { LockIcon, UnlockIcon } from '@primer/octicons-react';
import { Button, Flash } from '@primer/react';
import './sidebar.css';

type Props = {
  locked: boolean;
  /** `can_set_issue_metadata` on issues, `can_update` on merge requests. */
  canEdit: boolean;
  /** Saves `discussion_locked`; the server writes the "locked the discussion" note. */
  update: {
    mutate: (body: { discussion_locked: boolean }) => void;
    isPending: boolean;
    error: Error | null;
  };
};

/** The sidebar's discussion lock of an issue or a merge request: locked, only members comment. */
export function DiscussionLockField({ locked, canEdit, update }: Props) {
  return (
    <section className="sidebar__block" aria-label="Lock discussion">
      <div className="sidebar__heading">
        <span>Discussion</span>
      </div>
      {update.error && <Flash variant="danger">{update.error.message}</Flash>}
      <p className="sidebar__value">
        {locked ? <LockIcon /> : <UnlockIcon />}{' '}
        {locked ? 'Locked: only project members can comment.' : 'Unlocked'}
      </p>
      {canEdit && (
        <Button
          size="small"
          loading={update.isPending}
          onClick={() => update.mutate({ discussion_locked: !locked })}
        >
          {locked ? 'Unlock discussion' : 'Lock discussion'}
        </Button>
      )}
    </section>
  );
}
