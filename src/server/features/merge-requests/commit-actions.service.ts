import type { CommitActionName } from '../../../shared/merge-widget/commitActions';
import type { CurrentUser } from '../../auth/current-user';
import { UnprocessableError } from '../../errors';
import { branchRef, resolveCommit } from '../../git/repository';
import type { HookErrorReporter, RepositoryService } from '../repository/repository.service';
import { landedCommitOf } from './merge-requests.presenter';
import type { MergeRequestsService } from './merge-requests.service';

export const NOT_MERGED = 'Only a merged merge request can be reverted or cherry-picked';

type Deps = {
  mergeRequests: Pick<MergeRequestsService, 'loadForRead' | 'checkedIn' | 'create' | 'countCreation'>;
  repository: Pick<RepositoryService, 'applyCommit'>;
};

/**
 * Revert and cherry-pick of a merged request (spec 000 merged-state actions): the commit that
 * landed goes onto the chosen branch, or onto a new branch started from it with a new merge
 * request, as GitLab's "Start a new merge request with these changes" does. Who may push there
 * decides, through the repository's own checks.
 */
export function createCommitActionsService({ mergeRequests, repository }: Deps) {
  async function apply(
    actor: CurrentUser,
    fullPath: string,
    iid: number,
    action: CommitActionName,
    input: { targetBranch: string; createMergeRequest: boolean },
    onHookError: HookErrorReporter,
  ) {
    const ctx = await mergeRequests.loadForRead(actor, fullPath);
    const view = await mergeRequests.checkedIn(actor, ctx, iid);
    const sha = landedCommitOf(view.mergeRequest);
    if (!sha) throw new UnprocessableError(NOT_MERGED);
    // Counted before the branch is written, so a refused merge request leaves no branch behind.
    if (input.createMergeRequest) await mergeRequests.countCreation(actor);
    const branch = input.createMergeRequest
      ? await freeBranchName(
          ctx.gitDir,
          `${action === 'revert' ? 'revert' : 'cherry-pick'}-${sha.slice(0, 8)}`,
        )
      : input.targetBranch;
    const { commit } = await repository.applyCommit(
      ctx,
      actor,
      action,
      sha,
      { branch, startBranch: input.createMergeRequest ? input.targetBranch : undefined },
      onHookError,
    );
    if (!commit) throw new Error('a commit action without dry run wrote no commit');
    if (!input.createMergeRequest) return { branch, commitSha: commit.sha, mergeRequestPath: null };
    const title = view.mergeRequest.title;
    const created = await mergeRequests.create(
      actor,
      ctx.project.id,
      {
        source_branch: branch,
        target_branch: input.targetBranch,
        title:
          action === 'revert' ? `Revert "${title}"` : `${title} (cherry picked into ${input.targetBranch})`,
        description: `${action === 'revert' ? 'This reverts' : 'Cherry-picks'} merge request !${iid}`,
      },
      { counted: true },
    );
    return {
      branch,
      commitSha: commit.sha,
      mergeRequestPath: `/${ctx.fullPath}/-/merge_requests/${created.mergeRequest.iid}`,
    };
  }

  /** GitLab's `revert-<sha>` name, with a number when an earlier revert left that branch behind. */
  async function freeBranchName(gitDir: string, base: string): Promise<string> {
    for (let n = 1; ; n += 1) {
      const name = n === 1 ? base : `${base}-${n}`;
      if ((await resolveCommit(gitDir, branchRef(name))) === null) return name;
    }
  }

  return { apply };
}

export type CommitActionsService = ReturnType<typeof createCommitActionsService>;
