import { BadRequestError, NotFoundError } from '../../errors';
import type { Actor } from '../../auth/permissions';
import type { Clock } from '../../clock';
import { EMPTY_TREE_SHA, pathsChangedBy } from '../../git/commits';
import { writeMergeRef } from '../../git/merge-ref';
import { branchRef, resolveCommit } from '../../git/repository';
import { createLruCache } from '../../lru-cache';
import type { ContextCommitsService } from '../merge-requests/context-commits.service';
import type { DiffVersionRow, MergeRequestRow } from '../merge-requests/merge-request-rows';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import type { ProjectContext } from '../projects/projects.service';

export type DiffSelectionQuery = {
  diff_head?: boolean;
  diff_id?: number;
  start_sha?: string;
  commit_id?: string;
  /** Only the request's context commits ("previously merged commits"); the other choices are ignored. */
  only_context_commits?: boolean;
  w?: '0' | '1';
};

/** The commit shown alone, with its older (`prev`) and newer (`next`) neighbours in the version. */
export type CommitSelection = { sha: string; title: string; prev: string | null; next: string | null };

/** Which diff the Changes tab shows: a version, two versions compared, or one commit. */
export type DiffSelection = {
  ctx: ProjectContext;
  iid: number;
  mergeRequest: MergeRequestRow;
  versions: DiffVersionRow[];
  version: DiffVersionRow | null;
  start: DiffVersionRow | null;
  commit: CommitSelection | null;
  from: string;
  to: string;
  refs: { base_sha: string; start_sha: string; head_sha: string };
  ignoreWhitespace: boolean;
  /** Compared with the target head as merged (`diff_head`): `to` is the request's merge ref. */
  diffHead: boolean;
  /**
   * The combined change of the request's context commits: from the oldest one's parent (the empty
   * tree for a root commit) to the newest one, as `only_context_commits=true` asks.
   */
  contextCommits: boolean;
  /**
   * Only files at these paths are shown (the paths the context commits change, as GitLab limits
   * their diff), so commits between them that were not chosen add no files of their own.
   */
  paths: ReadonlySet<string> | null;
};

type Deps = {
  mergeRequests: Pick<MergeRequestsService, 'findReadableWithVersions' | 'versionCommits'>;
  contextCommits: Pick<ContextCommitsService, 'ofMergeRequest'>;
  clock: Clock;
};

/**
 * Which diff a request of the Changes tab asks for: the merge request (read through its service,
 * which checks the reader may see it), the version, and the two commits to compare.
 */
export function createDiffSelector({ mergeRequests, contextCommits, clock }: Deps) {
  // The merge of two heads never changes, so it is kept: every Changes tab load asks whether
  // "(HEAD)" can be offered.
  const merges = createLruCache<{ merge: string | null }>(10_000, () => 1);

  // Nor do the paths a set of commits changes.
  const changedPaths = createLruCache<ReadonlySet<string>>(10_000, (paths) => paths.size + 1);

  async function pathsOf(gitDir: string, shas: string[]): Promise<ReadonlySet<string>> {
    const key = `${gitDir}\0${[...shas].sort().join(',')}`;
    const hit = changedPaths.get(key);
    if (hit) return hit;
    const paths = await pathsChangedBy(gitDir, shas);
    changedPaths.set(key, paths);
    return paths;
  }

  async function select(
    actor: Actor,
    fullPath: string,
    iid: number,
    query: DiffSelectionQuery,
  ): Promise<DiffSelection> {
    const { ctx, mergeRequest, versions } = await mergeRequests.findReadableWithVersions(
      actor,
      fullPath,
      iid,
    );
    const ignoreWhitespace = query.w === '1';
    const version =
      query.diff_id === undefined ? (versions[0] ?? null) : versions.find((v) => v.id === query.diff_id);
    if (version === undefined) throw new NotFoundError('Merge Request Diff');
    const base = {
      ...{ ctx, iid, mergeRequest, versions, version, start: null, commit: null },
      ...{ ignoreWhitespace, diffHead: false, contextCommits: false, paths: null },
    };
    if (query.only_context_commits) {
      // Newest first: the diff runs from the oldest one's parent to the newest one.
      const rows = await contextCommits.ofMergeRequest(mergeRequest.id);
      const newest = rows[0];
      const oldest = rows.at(-1);
      if (!newest || !oldest) throw new NotFoundError('Context commits');
      const [parent, paths] = await Promise.all([
        resolveCommit(ctx.gitDir, `${oldest.sha}^`),
        pathsOf(
          ctx.gitDir,
          rows.map((row) => row.sha),
        ),
      ]);
      const from = parent ?? EMPTY_TREE_SHA;
      const refs = { base_sha: from, start_sha: from, head_sha: newest.sha };
      return { ...base, contextCommits: true, paths, from, to: newest.sha, refs };
    }
    if (!version) {
      return { ...base, from: '', to: '', refs: { base_sha: '', start_sha: '', head_sha: '' } };
    }
    const refs = {
      base_sha: version.baseCommitSha,
      start_sha: version.startCommitSha,
      head_sha: version.headCommitSha,
    };
    if (query.commit_id) {
      const commit = await selectCommit(version, query.commit_id);
      const parent = (await resolveCommit(ctx.gitDir, `${commit.sha}^`)) ?? version.baseCommitSha;
      return {
        ...base,
        commit,
        from: parent,
        to: commit.sha,
        refs: { base_sha: parent, start_sha: parent, head_sha: commit.sha },
      };
    }
    if (query.start_sha) {
      const start = versions.find((v) => v.headCommitSha === query.start_sha && v.id !== version.id);
      if (!start) {
        throw new BadRequestError('start_sha is not the head of another version of this merge request');
      }
      return {
        ...base,
        start,
        from: start.headCommitSha,
        to: version.headCommitSha,
        refs: { ...refs, start_sha: start.headCommitSha },
      };
    }
    const merged = query.diff_head && version === versions[0] ? await mergeHead(base) : null;
    if (merged) {
      const { targetHead, merge } = merged;
      const headRefs = { base_sha: targetHead, start_sha: targetHead, head_sha: merge };
      return { ...base, diffHead: true, from: targetHead, to: merge, refs: headRefs };
    }
    return { ...base, from: version.baseCommitSha, to: version.headCommitSha, refs };
  }

  /**
   * The target branch's head and the request's merge ref on it, for the HEAD comparison of the
   * latest version; null when the target branch is gone or the heads conflict (GitLab then
   * compares with the base).
   */
  async function mergeHead({
    ctx,
    mergeRequest,
    version,
  }: Pick<DiffSelection, 'ctx' | 'mergeRequest' | 'version'>): Promise<{
    targetHead: string;
    merge: string;
  } | null> {
    if (!version) return null;
    const targetHead = await resolveCommit(ctx.gitDir, branchRef(mergeRequest.targetBranch));
    if (!targetHead) return null;
    const sourceHead = version.headCommitSha;
    const key = `${ctx.gitDir}\0${mergeRequest.iid}\0${targetHead}\0${sourceHead}`;
    let known = merges.get(key);
    if (!known) {
      const input = { iid: mergeRequest.iid, targetHead, sourceHead, date: clock.now() };
      known = { merge: await writeMergeRef(ctx.gitDir, input) };
      merges.set(key, known);
    }
    return known.merge ? { targetHead, merge: known.merge } : null;
  }

  async function selectCommit(version: DiffVersionRow, sha: string): Promise<CommitSelection> {
    // Newest first, as the version recorded them.
    const commits = await mergeRequests.versionCommits(version.id);
    const index = commits.findIndex((c) => c.sha === sha);
    const found = commits[index];
    if (!found) throw new NotFoundError('Commit');
    return {
      sha: found.sha,
      title: found.title,
      prev: commits[index + 1]?.sha ?? null,
      next: commits[index - 1]?.sha ?? null,
    };
  }

  return { select, mergeHead };
}

export type DiffSelector = ReturnType<typeof createDiffSelector>;
