import type { CoverageReport } from '../../../shared/api/diffs';
import { can, type Actor } from '../../auth/permissions';
import { NotFoundError } from '../../errors';
import type { Clock } from '../../clock';
import type { Highlighter } from '../../highlight/highlight';
import type { ContextCommitsService } from '../merge-requests/context-commits.service';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import { projectSubject, type ProjectsService } from '../projects/projects.service';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';
import { createBlobReads } from './blob-reads';
import { createCompareService } from './compare.service';
import { viewOf } from './diff-file-view';
import { createDiffLines } from './diff-lines';
import { createDiffListing } from './diff-listing';
import { createDiffSelector, type DiffSelection, type DiffSelectionQuery } from './diff-selection';

export type { ContextLinesRequest } from './blob-reads';
export type { DiffFileView, ListedFile, ViewerName } from './diff-file-view';
export type { CommitSelection, DiffSelection, DiffSelectionQuery } from './diff-selection';

type Deps = {
  mergeRequests: Pick<MergeRequestsService, 'findReadableWithVersions' | 'versionCommits'>;
  projects: Pick<ProjectsService, 'loadProject'>;
  protectedBranches: Pick<ProtectedBranchesService, 'protectionOf'>;
  contextCommits: Pick<ContextCommitsService, 'ofMergeRequest' | 'countOf'>;
  highlighter: Highlighter;
  clock: Clock;
};

/** What the file header's edit links need: the branch edits go to, and whether the reader may push there. */
export type EditTarget = { sourceBranch: string; open: boolean; canPush: boolean };

/**
 * The Changes tab of a merge request (metadata, batches of files with lines, one file by path,
 * coverage), the blobs around it, and REST compare: the parts are composed here.
 */
export function createDiffsService({
  mergeRequests,
  projects,
  protectedBranches,
  contextCommits,
  highlighter,
  clock,
}: Deps) {
  const { select, mergeHead } = createDiffSelector({ mergeRequests, contextCommits, clock });
  const { listFiles } = createDiffListing();
  const { withLines } = createDiffLines({ highlighter });
  const { rawFile, contextLines } = createBlobReads({ projects, highlighter });
  const { compare } = createCompareService({ projects });

  /** `diffs_metadata.json`: every file without lines, and the versions. */
  async function metadata(actor: Actor, fullPath: string, iid: number, query: DiffSelectionQuery) {
    const selection = await select(actor, fullPath, iid, query);
    const latest = selection.versions[0];
    const comparable = async () =>
      selection.diffHead ||
      (latest !== undefined && (await mergeHead({ ...selection, version: latest })) !== null);
    const [listed, headComparable, contextCommitsCount] = await Promise.all([
      listFiles(selection),
      comparable(),
      contextCommits.countOf(selection.mergeRequest.id),
    ]);
    return {
      selection,
      files: listed.map((file) => viewOf(file, null, { expanded: false })),
      headComparable,
      contextCommitsCount,
    };
  }

  /**
   * GitLab's `can_modify_blob`: edits are commits to the source branch, so the reader must be
   * allowed to push there (a protected branch's push level decides).
   */
  async function editTarget(actor: Actor, { ctx, mergeRequest }: DiffSelection): Promise<EditTarget> {
    const { sourceBranch, state } = mergeRequest;
    const protection = actor ? await protectedBranches.protectionOf(ctx.project.id, sourceBranch) : null;
    const canPush =
      actor !== null &&
      can(actor, 'push_to_branch', {
        ...projectSubject(ctx),
        type: 'branch',
        pushAccessLevel: protection?.pushAccessLevel ?? null,
      });
    return { sourceBranch, open: state === 'opened', canPush };
  }

  /**
   * `diffs_batch.json`: up to `per_page` files with their highlighted lines, from the file at
   * index `page` on (GitLab reads `page` as an offset, so batches of any size follow each other).
   */
  async function batch(
    actor: Actor,
    fullPath: string,
    iid: number,
    query: DiffSelectionQuery & { page: number; per_page: number },
  ) {
    const selection = await select(actor, fullPath, iid, query);
    const [edit, all] = await Promise.all([editTarget(actor, selection), listFiles(selection)]);
    const listed = all.slice(query.page, query.page + query.per_page);
    return {
      selection,
      edit,
      total: all.length,
      files: await withLines(selection, listed, { expanded: false }),
    };
  }

  /**
   * `diff_for_path.json`: one file, found by its old or new path, with its lines whatever its
   * size: it is also the file's `load_collapsed_diff_url`.
   */
  async function forPath(
    actor: Actor,
    fullPath: string,
    iid: number,
    query: DiffSelectionQuery & { old_path?: string; new_path?: string },
  ) {
    const selection = await select(actor, fullPath, iid, query);
    const [edit, all] = await Promise.all([editTarget(actor, selection), listFiles(selection)]);
    const found =
      all.find((file) => query.new_path !== undefined && file.newPath === query.new_path) ??
      all.find((file) => query.old_path !== undefined && file.oldPath === query.old_path);
    if (!found) throw new NotFoundError('File');
    return { selection, edit, files: await withLines(selection, [found], { expanded: true }) };
  }

  /**
   * `coverage_reports.json`: line hits per file from the head pipeline's coverage reports. No
   * pipeline reports coverage yet, so every readable merge request has none: an empty `files`
   * map, which draws no markers and ends the client's polling (GitLab's 204 + `Poll-Interval`
   * means "still parsing" and only applies once reports exist).
   */
  async function coverage(actor: Actor, fullPath: string, iid: number): Promise<CoverageReport> {
    await select(actor, fullPath, iid, {});
    return { files: {} };
  }

  /** Blobs still waiting for background highlighting (the bench waits for none before warm figures). */
  const pendingHighlights = () => highlighter.pendingCount();

  return {
    select,
    metadata,
    batch,
    forPath,
    coverage,
    rawFile,
    contextLines,
    compare,
    pendingHighlights,
  };
}

export type DiffsService = ReturnType<typeof createDiffsService>;
