import type { SubmittedReviewState } from '../../../shared/api/reviewSubmission';
import type { CurrentUser } from '../../auth/current-user';
import type { Db } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../errors';
import type { MergeRequestReviewersService } from '../merge-requests/reviewers.service';
import { NOT_A_REVIEWER } from '../merge-requests/reviewers.service';
import type { DraftNotesService } from '../notes/draft-notes.service';
import type { OnHookError } from '../notes/note-commands';
import type { Noteable } from '../notes/noteables';
import type { ApprovalsService } from './approvals.service';

type Deps = {
  db: Db;
  draftNotes: Pick<DraftNotesService, 'create' | 'bulkPublish'>;
  approvals: Pick<ApprovalsService, 'approve' | 'unapprove'>;
  reviewers: Pick<MergeRequestReviewersService, 'isReviewer' | 'requestChanges' | 'announce'>;
};

export type ReviewSubmission = {
  /** What the reviewer concludes: Comment (reviewed), Approve or Request changes. */
  state: SubmittedReviewState;
  /** The summary comment, published with the review's pending comments. */
  note?: string;
  approvalPassword?: string;
};

/**
 * Submitting a review (GitLab's submit-review form and `mergeRequestSubmitReview`): the pending
 * comments and the summary are published, and the reviewer's conclusion recorded. "Approve" goes
 * through the approvals service (its rules and refusals); "Request changes" needs the actor to be a
 * reviewer, removes their approval, as GitLab does, and blocks the merge until they approve.
 * Refusals come before anything is published.
 */
export function createReviewSubmissionService({ db, draftNotes, approvals, reviewers }: Deps) {
  async function submit(
    actor: CurrentUser,
    noteable: Noteable,
    submission: ReviewSubmission,
    onHookError: OnHookError,
  ): Promise<void> {
    if (noteable.noteableType !== 'MergeRequest') throw new NotFoundError();
    const projectId = noteable.ctx.project.id;
    if (submission.state === 'requested_changes' && !(await reviewers.isReviewer(actor, noteable.noteableId)))
      throw new ForbiddenError(NOT_A_REVIEWER);
    if (submission.state === 'approved')
      await approvals.approve(actor, projectId, noteable.iid, {
        approvalPassword: submission.approvalPassword,
      });
    const summary = submission.note?.trim() ?? '';
    if (summary !== '') await draftNotes.create(actor, noteable, { note: summary });
    await draftNotes.bulkPublish(actor, noteable, onHookError);
    if (submission.state !== 'requested_changes') return;
    await withdrawApproval(actor, projectId, noteable.iid);
    const written = await db.transaction((tx) => reviewers.requestChanges(actor, noteable.noteableId, tx));
    await reviewers.announce(written);
  }

  /** A reviewer who asks for changes no longer approves them; having no approval is no error. */
  async function withdrawApproval(actor: CurrentUser, projectId: number, iid: number) {
    try {
      await approvals.unapprove(actor, projectId, iid);
    } catch (error) {
      if (!(error instanceof NotFoundError) && !(error instanceof ForbiddenError)) throw error;
    }
  }

  return { submit };
}

export type ReviewSubmissionService = ReturnType<typeof createReviewSubmissionService>;
