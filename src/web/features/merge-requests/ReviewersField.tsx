import {
  CheckCircleIcon,
  CommentDiscussionIcon,
  CommentIcon,
  DotIcon,
  SkipIcon,
  SyncIcon,
  XCircleIcon,
  type Icon,
} from '@primer/octicons-react';
import { Flash, IconButton } from '@primer/react';
import type { MergeRequestPage } from '../../../shared/api/mergeRequests';
import type { ReviewerState } from '../../../shared/api/reviewers';
import { assertNever } from '../../../shared/lib/assertNever';
import { canRerequestReview, reviewerStateLabel } from '../../../shared/merge-requests/reviewers';
import { NoneOrAssignYourself, PeoplePicker, usePickedIds } from '../../components/PeoplePicker';
import { NoteAvatar } from '../notes/NoteAvatar';
import { useRerequestReview, useUpdateMergeRequest } from './mutations';
import '../../components/sidebar.css';

export const REVIEWERS_UPDATE_FAILED = 'Something went wrong while updating reviewers';
export const REREQUEST_FAILED = 'Something went wrong while requesting a review again';

type Props = { fullPath: string; mergeRequest: MergeRequestPage };

/** The sidebar's reviewers: the picker, each reviewer's state, and "Re-request review". */
export function ReviewersField({ fullPath, mergeRequest }: Props) {
  const update = useUpdateMergeRequest(fullPath, mergeRequest.iid);
  const rerequest = useRerequestReview(fullPath, mergeRequest.iid);
  const canEdit = mergeRequest.current_user.can_update;
  const { pickedIds, ask, toggled } = usePickedIds(
    mergeRequest.reviewers.map((user) => user.id),
    update.isError,
  );
  const save = (ids: number[]) => {
    ask(ids);
    update.mutate({ reviewer_ids: ids });
  };
  return (
    <section className="sidebar__block" aria-label="Reviewers">
      <div className="sidebar__heading">
        <span>Reviewers</span>
        {canEdit && (
          <PeoplePicker
            fullPath={fullPath}
            picked={mergeRequest.reviewers}
            pickedIds={pickedIds}
            onToggle={(user) => save(toggled(user.id))}
            label="Request review from"
          />
        )}
      </div>
      {update.isError && <Flash variant="danger">{REVIEWERS_UPDATE_FAILED}</Flash>}
      {rerequest.isError && <Flash variant="danger">{REREQUEST_FAILED}</Flash>}
      {mergeRequest.reviewer_states.length === 0 ? (
        <NoneOrAssignYourself canEdit={canEdit} onPick={(id) => save([id])} />
      ) : (
        <ul className="sidebar__people" aria-label="Reviewers requested">
          {mergeRequest.reviewer_states.map(({ user, state }) => (
            <li key={user.id} className="sidebar__reviewer">
              <NoteAvatar author={user} size={24} />
              <span className="sidebar__reviewer-name">
                <strong>{user.name}</strong> <span className="muted">@{user.username}</span>
              </span>
              {canEdit && canRerequestReview(state) && (
                <IconButton
                  icon={SyncIcon}
                  size="small"
                  variant="invisible"
                  aria-label={`Re-request review from ${user.name}`}
                  description="Re-request review"
                  disabled={rerequest.isPending}
                  onClick={() => rerequest.mutate(user.id)}
                />
              )}
              <ReviewerStateIcon state={state} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReviewerStateIcon({ state }: { state: ReviewerState }) {
  const { icon: StateIcon, tone } = stateLook(state);
  const label = reviewerStateLabel(state);
  return (
    <span
      className={`sidebar__review-state sidebar__review-state--${tone}`}
      title={label}
      role="img"
      aria-label={label}
    >
      <StateIcon size={16} />
    </span>
  );
}

function stateLook(state: ReviewerState): { icon: Icon; tone: 'muted' | 'accent' | 'success' | 'danger' } {
  switch (state) {
    case 'unreviewed':
      return { icon: DotIcon, tone: 'muted' };
    case 'review_started':
      return { icon: CommentDiscussionIcon, tone: 'accent' };
    case 'reviewed':
      return { icon: CommentIcon, tone: 'accent' };
    case 'requested_changes':
      return { icon: XCircleIcon, tone: 'danger' };
    case 'approved':
      return { icon: CheckCircleIcon, tone: 'success' };
    case 'unapproved':
      return { icon: SkipIcon, tone: 'muted' };
    default:
      return assertNever(state);
  }
}
