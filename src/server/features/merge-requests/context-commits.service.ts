import { MAX_CONTEXT_COMMITS } from '../../../shared/api/contextCommits';
import type { CurrentUser } from '../../auth/current-user';
import { can, type Actor } from '../../auth/permissions';
import type { Db } from '../../db/client';
import { BadRequestError, ForbiddenError } from '../../errors';
import { countCommits, listCommits, readCommits, type Commit } from '../../git/commits';
import { branchRef, isAncestor, isSha, resolveCommit } from '../../git/repository';
import {
  countContextCommits,
  deleteContextCommits,
  insertContextCommits,
  listContextCommits,
} from './context-commits.repo';
import { commitFacts, lockMergeRequest, type MergeRequestRow } from './merge-requests.repo';
import type { MergeRequestsService } from './merge-requests.service';

type Deps = {
  db: Db;
  mergeRequests: Pick<MergeRequestsService, 'findReadableWithVersions' | 'versionCommits'>;
};

const shortList = (shas: string[]) => shas.map((sha) => sha.slice(0, 8)).join(', ');

/**
 * GitLab's "previously merged commits" (context commits): commits of the target branch's history
 * attached to a merge request so reviewers can read them beside its change. Anyone who may read
 * the request reads them; adding and removing them is editing the request (`update_merge_request`).
 */
export function createContextCommitsService({ db, mergeRequests }: Deps) {
  async function list(actor: Actor, projectRef: number | string, iid: number) {
    const { ctx, mergeRequest } = await mergeRequests.findReadableWithVersions(actor, projectRef, iid);
    return { ctx, commits: await listContextCommits(db, mergeRequest.id) };
  }

  async function loadForUpdate(actor: CurrentUser, projectRef: number | string, iid: number) {
    const found = await mergeRequests.findReadableWithVersions(actor, projectRef, iid);
    const { ctx, mergeRequest } = found;
    const subject = {
      type: 'merge_request' as const,
      authorId: mergeRequest.authorId,
      visibility: ctx.project.visibility,
      archived: ctx.project.archived,
      accessLevel: ctx.accessLevel,
    };
    if (!can(actor, 'update_merge_request', subject)) throw new ForbiddenError();
    return found;
  }

  /**
   * Adds commits of the target branch's history. Every sha is checked before anything is written:
   * an unknown commit, one not on the target branch, or one the request already holds (as a
   * context commit or as its own) refuses the whole call with a 400 naming them.
   */
  async function add(actor: CurrentUser, projectRef: number | string, iid: number, shas: string[]) {
    const { ctx, mergeRequest: mr, versions } = await loadForUpdate(actor, projectRef, iid);
    const wanted = [...new Set(shas)];
    const resolved = await Promise.all(wanted.map((sha) => resolveCommit(ctx.gitDir, sha)));
    const unknown = wanted.filter((_, i) => !resolved[i]);
    if (unknown.length > 0) throw new BadRequestError(`Unknown commits: ${unknown.join(', ')}`);
    const full = [...new Set(resolved.filter((sha): sha is string => sha !== null && isSha(sha)))];
    const targetHead = await resolveCommit(ctx.gitDir, branchRef(mr.targetBranch));
    if (!targetHead) throw new BadRequestError(`The target branch ${mr.targetBranch} does not exist`);
    const onTarget = await Promise.all(full.map((sha) => isAncestor(ctx.gitDir, sha, targetHead)));
    const elsewhere = full.filter((_, i) => !onTarget[i]);
    if (elsewhere.length > 0) {
      throw new BadRequestError(
        `Commits not on the target branch ${mr.targetBranch}: ${shortList(elsewhere)}`,
      );
    }
    const own = new Set(
      versions[0] ? (await mergeRequests.versionCommits(versions[0].id)).map((c) => c.sha) : [],
    );
    const ownAdded = full.filter((sha) => own.has(sha));
    if (ownAdded.length > 0) {
      throw new BadRequestError(`Commits already in the merge request: ${shortList(ownAdded)}`);
    }
    const [commits, orders] = await Promise.all([
      readCommits(ctx.gitDir, full),
      // A commit's count of ancestors orders the history: an ancestor always counts fewer.
      Promise.all(full.map((sha) => countCommits(ctx.gitDir, sha))),
    ]);
    const rows = full.map((sha, i) => rowOf(mr, commits.get(sha)!, orders[i]!));
    return db.transaction(async (tx) => {
      await lockMergeRequest(tx, mr.id);
      const present = new Set((await listContextCommits(tx, mr.id)).map((row) => row.sha));
      const again = full.filter((sha) => present.has(sha));
      if (again.length > 0) {
        throw new BadRequestError(`Context commits already added: ${shortList(again)}`);
      }
      if (present.size + rows.length > MAX_CONTEXT_COMMITS) {
        throw new BadRequestError(
          `A merge request can have at most ${MAX_CONTEXT_COMMITS} previously merged commits`,
        );
      }
      return { ctx, commits: await insertContextCommits(tx, rows) };
    });
  }

  /** Removes context commits by sha (full or abbreviated); a sha the request does not hold is a 400. */
  async function remove(actor: CurrentUser, projectRef: number | string, iid: number, shas: string[]) {
    const { mergeRequest: mr } = await loadForUpdate(actor, projectRef, iid);
    await db.transaction(async (tx) => {
      await lockMergeRequest(tx, mr.id);
      const present = await listContextCommits(tx, mr.id);
      const matches = (sha: string) => present.filter((row) => row.sha.startsWith(sha));
      const missing = shas.filter((sha) => matches(sha).length !== 1);
      if (missing.length > 0) {
        throw new BadRequestError(`Not context commits of this merge request: ${missing.join(', ')}`);
      }
      await deleteContextCommits(tx, mr.id, [
        ...new Set(shas.flatMap((sha) => matches(sha).map((r) => r.sha))),
      ]);
    });
  }

  /**
   * The add dialog's list: the target branch's recent commits (whose message holds `search` when
   * given), each marked when the request holds it already.
   */
  async function candidates(
    actor: Actor,
    projectRef: number | string,
    iid: number,
    query: { search?: string; perPage: number },
  ) {
    const { ctx, mergeRequest: mr } = await mergeRequests.findReadableWithVersions(actor, projectRef, iid);
    const targetHead = await resolveCommit(ctx.gitDir, branchRef(mr.targetBranch));
    const search = query.search?.trim();
    const [commits, added] = await Promise.all([
      targetHead
        ? listCommits(ctx.gitDir, { revision: targetHead, limit: query.perPage, grep: search || undefined })
        : Promise.resolve([]),
      listContextCommits(db, mr.id),
    ]);
    const shas = new Set(added.map((row) => row.sha));
    return {
      ctx,
      targetBranch: mr.targetBranch,
      commits: commits.map((c) => ({ commit: c, added: shas.has(c.sha) })),
    };
  }

  /** For the Changes tab: the request's context commits, newest first. */
  const ofMergeRequest = (mergeRequestId: number) => listContextCommits(db, mergeRequestId);
  const countOf = (mergeRequestId: number) => countContextCommits(db, mergeRequestId);

  return { list, add, remove, candidates, ofMergeRequest, countOf };
}

function rowOf(mr: MergeRequestRow, commit: Commit, relativeOrder: number) {
  return { mergeRequestId: mr.id, relativeOrder, ...commitFacts(commit) };
}

export type ContextCommitsService = ReturnType<typeof createContextCommitsService>;
