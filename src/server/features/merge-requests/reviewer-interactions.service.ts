import type { ReviewerState } from '../../../shared/api/reviewers';
import { can, type Actor } from '../../auth/permissions';
import type { ProjectsService } from '../projects/projects.service';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';
import type { UsersService } from '../users/users.service';
import { mayMergeWith } from './merge-permissions';
import { mergeRequestSubject } from './merge-request-subjects';
import type { PersonRow } from './merge-requests.repo';
import type { MergeRequestsService } from './merge-requests.service';

/** A reviewer of a request, with what they may do on it (GitLab's `UserMergeRequestInteraction`). */
export type ReviewerInteraction = {
  reviewer: PersonRow;
  reviewState: ReviewerState;
  /** They may merge it into its target branch (it is open and its protection lets them). */
  canMerge: boolean;
  canUpdate: boolean;
};

type Deps = {
  mergeRequests: Pick<MergeRequestsService, 'findReadable'>;
  projects: Pick<ProjectsService, 'projectForViewers'>;
  protectedBranches: Pick<ProtectedBranchesService, 'protectionResolver'>;
  users: Pick<UsersService, 'getUser'>;
};

/**
 * The reviewers of a request as the sidebar shows them: each one's state and whether they may
 * merge or edit it, decided by can() as if they asked themselves.
 */
export function createReviewerInteractions({ mergeRequests, projects, protectedBranches, users }: Deps) {
  async function forMergeRequest(
    actor: Actor,
    projectRef: number | string,
    iid: number,
  ): Promise<ReviewerInteraction[]> {
    const { record } = await mergeRequests.findReadable(actor, projectRef, iid);
    const mr = record.mergeRequest;
    const [viewers, protections] = await Promise.all([
      projects.projectForViewers(mr.projectId),
      protectedBranches.protectionResolver(mr.projectId),
    ]);
    return Promise.all(
      record.reviewers.map(async ({ reviewState, ...reviewer }) => {
        const { user } = await users.getUser(reviewer.id);
        const asReviewer = { id: user.id, admin: user.admin, state: user.state };
        const ctx = viewers ? await viewers(asReviewer) : null;
        if (!ctx) return { reviewer, reviewState, canMerge: false, canUpdate: false };
        return {
          reviewer,
          reviewState,
          canMerge: mr.state === 'opened' && mayMergeWith(asReviewer, ctx, protections, mr.targetBranch),
          canUpdate: can(asReviewer, 'update_merge_request', mergeRequestSubject(ctx, mr.authorId)),
        };
      }),
    );
  }

  return { forMergeRequest };
}

export type ReviewerInteractions = ReturnType<typeof createReviewerInteractions>;
