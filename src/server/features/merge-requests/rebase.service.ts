import { z } from 'zod';
import { can } from '../../auth/permissions';
import type { CurrentUser } from '../../auth/current-user';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { ForbiddenError, UnprocessableError } from '../../errors';
import { rebaseOnto } from '../../git/rebase';
import { branchRef, resolveCommit, updateRef } from '../../git/repository';
import type { JobQueue, JobRow } from '../../jobs/jobs';
import type { EventBus } from '../../realtime/bus';
import type { GitHttpService } from '../git-http/git-http.service';
import type { ProjectContext } from '../projects/projects.service';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';
import type { UsersService } from '../users/users.service';
import { updateMergeRequestRow, type MergeRequestRow } from './merge-requests.repo';
import type { MergeRequestsService } from './merge-requests.service';
import { announceMergeRequest } from './merge-request-events';

/** GitLab's `merge_error` after a rebase that cannot be done on the server. */
export const REBASE_FAILURES = {
  conflict: 'Rebase failed: Rebase locally, resolve all conflicts, then push the branch.',
  sourceMoved: 'Rebase failed: the source branch changed while rebasing. Try again.',
  missingBranch: 'Rebase failed: the source or target branch no longer exists.',
  unexpected: 'Rebase failed. Please try again.',
} as const;

const REBASE_JOB = 'rebase';
const rebasePayload = z.object({
  mergeRequestId: z.number(),
  projectId: z.number(),
  iid: z.number(),
  userId: z.number(),
  skipCi: z.boolean(),
});

export const mergeRequestQueue = (mergeRequestId: number) => `merge_request:${mergeRequestId}`;

type Deps = {
  db: Db;
  clock: Clock;
  bus: EventBus;
  jobs: JobQueue;
  users: UsersService;
  protectedBranches: ProtectedBranchesService;
  mergeRequests: MergeRequestsService;
  gitHttp: GitHttpService;
};

/**
 * Rebases a merge request's source branch onto its target, in the background as GitLab does:
 * the request only schedules it (`rebase_in_progress`), a job replays the commits without a work
 * tree and moves the branch by compare-and-swap, and a failure lands in `merge_error`.
 */
export function createRebaseService({
  db,
  clock,
  bus,
  jobs,
  users,
  protectedBranches,
  mergeRequests,
  gitHttp,
}: Deps) {
  const publish = (row: Pick<MergeRequestRow, 'id' | 'iid' | 'projectId'>) => announceMergeRequest(bus, row);

  /** Spec 000 section 6: users who can push to the source branch can rebase. */
  async function mayPushTo(actor: CurrentUser, ctx: ProjectContext, branch: string): Promise<boolean> {
    const protection = await protectedBranches.protectionOf(ctx.project.id, branch);
    return can(actor, 'push_to_branch', {
      type: 'branch',
      visibility: ctx.project.visibility,
      archived: ctx.project.archived,
      accessLevel: ctx.accessLevel,
      pushAccessLevel: protection ? protection.pushAccessLevel : null,
    });
  }

  const inProgress = (mergeRequestId: number) =>
    jobs.hasUnfinished(mergeRequestQueue(mergeRequestId), REBASE_JOB);

  /** Schedules a rebase; asking again while one is scheduled changes nothing. */
  async function request(
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    options: { skipCi: boolean },
  ) {
    const ctx = await mergeRequests.loadForRead(actor, projectRef);
    const view = await mergeRequests.checkedIn(actor, ctx, iid);
    const mr = view.mergeRequest;
    if (!(await mayPushTo(actor, ctx, mr.sourceBranch))) throw new ForbiddenError();
    if (mr.state !== 'opened') throw new UnprocessableError('Only an open merge request can be rebased');
    if (!view.sourceBranchExists) throw new UnprocessableError(REBASE_FAILURES.missingBranch);
    if (await inProgress(mr.id)) return { mergeRequest: mr };
    const row = await db.transaction(async (tx) => {
      const updated = await updateMergeRequestRow(tx, mr.id, { mergeError: null, updatedAt: clock.now() });
      await jobs.enqueue(
        {
          queue: mergeRequestQueue(mr.id),
          kind: REBASE_JOB,
          payload: {
            mergeRequestId: mr.id,
            projectId: ctx.project.id,
            iid,
            userId: actor.id,
            skipCi: options.skipCi,
          },
        },
        tx,
      );
      return updated;
    });
    await publish(row);
    return { mergeRequest: row };
  }

  async function fail(mr: Pick<MergeRequestRow, 'id'>, message: string) {
    const row = await db.transaction((tx) =>
      updateMergeRequestRow(tx, mr.id, { mergeError: message, updatedAt: clock.now() }),
    );
    await publish(row);
  }

  /**
   * The job. An error nobody foresaw is tried again by the queue; after the last attempt the
   * request says the rebase failed, or the widget would take the rebase as done, silently.
   */
  async function run(payload: unknown, job: JobRow): Promise<void> {
    const parsed = rebasePayload.parse(payload);
    try {
      await rebase(parsed);
    } catch (error) {
      if (job.attempts >= job.maxAttempts)
        await fail({ id: parsed.mergeRequestId }, REBASE_FAILURES.unexpected);
      throw error;
    }
  }

  /** Runs as the user who asked, with their permissions checked again. */
  async function rebase({ projectId, iid, userId }: z.infer<typeof rebasePayload>): Promise<void> {
    const { user: actor } = await users.getUser(userId);
    const ctx = await mergeRequests.loadForRead(actor, projectId);
    const view = await mergeRequests.checkedIn(actor, ctx, iid);
    const mr = view.mergeRequest;
    if (mr.state !== 'opened') return;
    if (!(await mayPushTo(actor, ctx, mr.sourceBranch)))
      return fail(mr, 'Rebase failed: you are no longer allowed to push to the source branch.');
    const sourceRef = branchRef(mr.sourceBranch);
    const [onto, head] = await Promise.all([
      resolveCommit(ctx.gitDir, branchRef(mr.targetBranch)),
      resolveCommit(ctx.gitDir, sourceRef),
    ]);
    if (!onto || !head) return fail(mr, REBASE_FAILURES.missingBranch);
    const rebased = await rebaseOnto(ctx.gitDir, {
      onto,
      head,
      committer: { name: actor.name, email: actor.email, date: clock.now() },
    });
    if (!rebased.ok) return fail(mr, REBASE_FAILURES.conflict);
    if (rebased.value.newHead === head) return publish(mr);
    if (!(await updateRef(ctx.gitDir, sourceRef, rebased.value.newHead, head)))
      return fail(mr, REBASE_FAILURES.sourceMoved);
    // The same path as a push: a new diff version, system notes, target checks.
    await gitHttp.announcePush(
      { project: ctx, actor, changes: [{ ref: sourceRef, oldSha: head, newSha: rebased.value.newHead }] },
      () => undefined,
    );
  }

  jobs.register(REBASE_JOB, run);

  return { request, inProgress, mayPushTo };
}

export type RebaseService = ReturnType<typeof createRebaseService>;
