import type { CoverageReport, DiffLine } from '../../../shared/api/diffs';
import type { ParsedDiffLine } from '../../../shared/diff/parsePatch';
import type { Actor } from '../../auth/permissions';
import { BadRequestError, NotFoundError } from '../../errors';
import { LFS_POINTER_MAX_BYTES, parseLfsPointer, type LfsPointer } from '../../../shared/diff/lfsPointer';
import {
  blobSizes,
  changeKey,
  diffCommits,
  listChangedFiles,
  readBlobs,
  readFilePatches,
  MAX_FILE_PATCH_BYTES,
  type ChangedFile,
  type FilePatch,
  type PatchProblem,
} from '../../git/diff';
import { EMPTY_TREE_SHA, listCommits, pathsChangedBy } from '../../git/commits';
import { readSubmoduleUrls } from '../../git/submodules';
import { branchRef, isSha, mergeBase, resolveCommit } from '../../git/repository';
import { writeMergeRef } from '../../git/merge-ref';
import type { Clock } from '../../clock';
import { can } from '../../auth/permissions';
import { ForbiddenError } from '../../errors';
import { projectSubject } from '../projects/projects.service';
import { isBinary, readBlob, readPathEntry } from '../../git/tree';
import { escapeHtml, MAX_HIGHLIGHT_BYTES, type Highlighter } from '../../highlight/highlight';
import { createLruCache } from '../../lru-cache';
import type { DiffVersionRow, MergeRequestRow } from '../merge-requests/merge-requests.repo';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import type { ProjectContext, ProjectsService } from '../projects/projects.service';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';
import type { ContextCommitsService } from '../merge-requests/context-commits.service';
import { fileHash, lineCode } from '../../../shared/diff/lineCode';
import { collapsedAutomatically } from '../../../shared/diff/diffLimits';
import { sharedRead } from '../../shared-read';

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

export type ViewerName = 'text' | 'image' | 'not_diffable' | 'too_large' | 'collapsed' | 'no_preview';

/** A changed file with what its blobs say: the size of the side shown and whether it is an LFS pointer. */
export type ListedFile = ChangedFile & {
  /** Bytes of the new blob (the old one for a deletion); an LFS pointer's object size; 0 for a gitlink. */
  size: number;
  lfs: LfsPointer | null;
};

/** A file of the diff ready to present: listing fields, what git said, and highlighted lines. */
export type DiffFileView = ListedFile & {
  addedCount: number;
  removedCount: number;
  submodule: boolean;
  viewer: { name: ViewerName; reason: string | null };
  /** Text git can show, whatever the viewer: a rename without changes still has contents to read. */
  readableText: boolean;
  lines: DiffLine[] | null;
  /** The diff lines reach both ends of the file with no hunk between (GitLab: no `match` line). */
  fullyExpanded: boolean;
  /** The submodule's URL in `.gitmodules` of the commit shown (batches only). */
  submoduleUrl: string | null;
  /** Bytes of each side of an image, for the image viewer's file sizes (batches only; null otherwise). */
  imageSizes: { old: number | null; new: number | null } | null;
};

const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp|bmp|ico|svg)$/i;

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

/** GitLab's compare lists at most this many files. */
const MAX_COMPARE_FILES = 1000;

/** Context lines are read from blobs up to this size; a larger file is refused with a 400. */
const MAX_CONTEXT_BLOB_BYTES = 10 * 1024 * 1024;

/**
 * A line longer than a whole file's patch may be (a 5 MB minified bundle) is refused: its diff was
 * already shown as too large, and laying out megabytes of one line would stall the browser.
 */
const LINE_TOO_LONG = 'The file has a line too long to show';

function longestLine(content: Buffer): number {
  let longest = 0;
  for (let start = 0; start < content.length;) {
    const newline = content.indexOf(0x0a, start);
    const end = newline < 0 ? content.length : newline;
    longest = Math.max(longest, end - start);
    start = end + 1;
  }
  return longest;
}

export type ContextLinesRequest = {
  since?: number;
  to?: number;
  offset: number;
  unfold?: boolean;
  bottom?: boolean;
  full?: boolean;
};

export function createDiffsService({
  mergeRequests,
  projects,
  protectedBranches,
  contextCommits,
  highlighter,
  clock,
}: Deps) {
  // A listing of two commits never changes, so it is kept; batches then ask git for their paths only.
  const listings = createLruCache<ListedFile[]>(200_000, (files) => files.length + 1);
  const listingsInFlight = sharedRead<ListedFile[]>();
  // So does the merge of two heads: every Changes tab load asks whether "(HEAD)" can be offered.
  const merges = createLruCache<{ merge: string | null }>(10_000, () => 1);

  async function listFiles(selection: DiffSelection): Promise<ListedFile[]> {
    const all = await listAllFiles(selection);
    const { paths } = selection;
    return paths ? all.filter((file) => paths.has(file.oldPath) || paths.has(file.newPath)) : all;
  }

  // The paths a set of commits changes never change either.
  const changedPaths = createLruCache<ReadonlySet<string>>(10_000, (paths) => paths.size + 1);

  async function pathsOf(gitDir: string, shas: string[]): Promise<ReadonlySet<string>> {
    const key = `${gitDir}\0${[...shas].sort().join(',')}`;
    const hit = changedPaths.get(key);
    if (hit) return hit;
    const paths = await pathsChangedBy(gitDir, shas);
    changedPaths.set(key, paths);
    return paths;
  }

  async function listAllFiles(selection: DiffSelection): Promise<ListedFile[]> {
    if (!selection.from) return [];
    const { gitDir } = selection.ctx;
    const key = `${gitDir}\0${selection.from}\0${selection.to}\0${selection.ignoreWhitespace}`;
    const hit = listings.get(key);
    if (hit) return hit;
    // The page asks for the metadata and the first batch at once: they share one listing.
    return listingsInFlight(key, async () => {
      const changed = await listChangedFiles(gitDir, selection.from, selection.to, {
        ignoreWhitespace: selection.ignoreWhitespace,
      });
      const files = await withBlobFacts(gitDir, changed);
      listings.set(key, files);
      return files;
    });
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

  // A file's lines between two commits never change either. A view is kept once its highlighting
  // is final: lines served plain because a request's highlighting budget ran out are not kept, so
  // a later load picks up the colours the background adds.
  const fileViews = createLruCache<DiffFileView>(32 * 1024 * 1024, weighView);

  async function withLines(
    selection: DiffSelection,
    listed: ListedFile[],
    options: { expanded: boolean },
  ): Promise<DiffFileView[]> {
    const { gitDir } = selection.ctx;
    const { from, to, ignoreWhitespace } = selection;
    const scope = `${gitDir}\0${from}\0${to}\0${ignoreWhitespace}\0${options.expanded}\0`;
    const kept = listed.map((file) => fileViews.get(scope + changeKey(file)));
    const computed = await computeLines(
      selection,
      listed.filter((_, index) => !kept[index]),
      options,
    );
    for (const { view, final } of computed) if (final) fileViews.set(scope + changeKey(view), view);
    let next = 0;
    return kept.map((view) => view ?? computed[next++]!.view);
  }

  /** Lines from git's patch of the listed files, highlighted from their blobs (cached by blob sha). */
  async function computeLines(
    selection: DiffSelection,
    listed: ListedFile[],
    { expanded }: { expanded: boolean },
  ): Promise<Array<{ view: DiffFileView; final: boolean }>> {
    if (listed.length === 0) return [];
    const { gitDir } = selection.ctx;
    const patches = await readFilePatches(gitDir, selection.from, selection.to, listed, {
      ignoreWhitespace: selection.ignoreWhitespace,
    });
    const submoduleUrls = listed.some(isSubmodule)
      ? await readSubmoduleUrls(gitDir, selection.to)
      : new Map<string, string>();
    const viewed = listed.map((file) => ({
      ...viewOf(file, patches.get(changeKey(file)) ?? null, { expanded }),
      submoduleUrl: isSubmodule(file) ? (submoduleUrls.get(file.newPath) ?? null) : null,
    }));
    const views = await withImageSizes(gitDir, viewed);
    const sides = views.flatMap((view) => {
      const patch = patches.get(changeKey(view));
      if (!view.lines || !patch || view.submodule) return [];
      const pairs: Array<[string, string]> = [];
      if (!view.newFile) pairs.push([view.oldBlobId, view.oldPath]);
      if (!view.deletedFile) pairs.push([view.newBlobId, view.newPath]);
      return pairs;
    });
    const missing = sides.filter(([sha, path]) => !highlighter.cached(sha, path)).map(([sha]) => sha);
    const blobs = await readBlobs(gitDir, missing, MAX_HIGHLIGHT_BYTES);
    const highlight = highlighter.session();
    // Whether a blob's lines are final: highlighted (or plain for good), not plain for lack of budget.
    const final = (sha: string, path: string) =>
      !blobs.has(sha) || highlighter.cached(sha, path) !== undefined;
    const linesOf = async (sha: string, path: string): Promise<string[] | null> => {
      const hit = highlighter.cached(sha, path);
      if (hit) return hit.lines;
      const blob = blobs.get(sha);
      return blob ? (await highlight(sha, path, blob.toString('utf8'))).lines : null;
    };
    // One file after the other: the request's highlighting budget is spent in the files' order.
    const results: Array<{ view: DiffFileView; final: boolean }> = [];
    for (const view of views) {
      const patch = patches.get(changeKey(view));
      if (!view.lines || !patch) {
        results.push({ view, final: true });
        continue;
      }
      const oldLines = view.newFile || view.submodule ? null : await linesOf(view.oldBlobId, view.oldPath);
      const newLines =
        view.deletedFile || view.submodule ? null : await linesOf(view.newBlobId, view.newPath);
      const lines = patch.lines.map((line) => richLine(line, oldLines, newLines));
      const bottom = view.deletedFile ? null : bottomMatchLine(lines, newLines);
      if (bottom) lines.push(bottom);
      results.push({
        view: { ...view, lines, fullyExpanded: !lines.some((line) => line.type === 'match') },
        final: final(view.oldBlobId, view.oldPath) && final(view.newBlobId, view.newPath),
      });
    }
    return results;
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

  /** A file's blob at a commit of a readable project; 404 for anything else. */
  async function blobAt(actor: Actor, fullPath: string, sha: string, filePath: string) {
    const ctx = await projects.loadProject(actor, fullPath);
    const commit = /^[0-9a-f]{7,40}$/.test(sha) ? await resolveCommit(ctx.gitDir, sha) : null;
    if (!commit || !isSha(commit)) throw new NotFoundError('Commit');
    const entry = await readPathEntry(ctx.gitDir, commit, filePath);
    if (!entry || entry.type !== 'blob') throw new NotFoundError('File');
    return { ctx, entry };
  }

  /** `{project}/-/raw/{sha}/{path}`: the bytes, and whether git would call them binary. */
  async function rawFile(actor: Actor, fullPath: string, sha: string, filePath: string) {
    const { ctx, entry } = await blobAt(actor, fullPath, sha, filePath);
    const content = await readBlob(ctx.gitDir, entry.id);
    if (!content) throw new NotFoundError('File');
    return { content, binary: isBinary(content) };
  }

  /**
   * Unchanged lines around hunks, in GitLab's shape: lines `since`..`to` of the file at `sha`
   * (all of them with `full`), old positions `offset` behind, and with `unfold` a hunk header
   * where more lines remain (below the range with `bottom`, above it otherwise).
   */
  async function contextLines(
    actor: Actor,
    fullPath: string,
    sha: string,
    filePath: string,
    query: ContextLinesRequest,
  ): Promise<DiffLine[]> {
    const { ctx, entry } = await blobAt(actor, fullPath, sha, filePath);
    if ((entry.size ?? 0) > MAX_CONTEXT_BLOB_BYTES)
      throw new BadRequestError('The file is too large to show');
    const content = await readBlob(ctx.gitDir, entry.id);
    if (!content || isBinary(content)) throw new BadRequestError('The file is binary');
    if (longestLine(content) > MAX_FILE_PATCH_BYTES) throw new BadRequestError(LINE_TOO_LONG);
    const highlighted = (await highlighter.session()(entry.id, filePath, content.toString('utf8'))).lines;
    const total = content.at(-1) === 0x0a ? highlighted.length - 1 : highlighted.length;
    const plain = content.toString('utf8').split('\n');
    const since = query.full ? 1 : Math.max(1, query.since ?? 1);
    const to = query.full ? total : Math.min(total, query.to ?? total);
    const hash = fileHash(filePath);
    const lines: DiffLine[] = [];
    for (let n = since; n <= to; n++) {
      const old = n - query.offset;
      lines.push({
        line_code: lineCode(hash, old, n),
        type: null,
        old_line: old,
        new_line: n,
        text: ` ${plain[n - 1] ?? ''}`,
        rich_text: ` ${highlighted[n - 1] ?? ''}`,
        meta_data: null,
      });
    }
    if (query.unfold && !query.full) {
      const match = (oldPos: number, newPos: number): DiffLine => ({
        line_code: null,
        type: 'match',
        old_line: null,
        new_line: null,
        text: '',
        rich_text: '',
        meta_data: { old_pos: oldPos, new_pos: newPos },
      });
      if (query.bottom && to < total) lines.push(match(to - query.offset, to));
      if (!query.bottom && since > 1) lines.unshift(match(since - query.offset, since));
    }
    return lines;
  }

  /**
   * REST `repository/compare`: commits and files from `from` to `to` (refs or shas); by default
   * from their merge base (`from...to`), with `straight` from `from` itself (`from..to`).
   */
  async function compare(
    actor: Actor,
    projectRef: string,
    input: { from: string; to: string; straight: boolean },
  ) {
    const ctx = await projects.loadProject(actor, projectRef);
    if (!can(actor, 'read_code', projectSubject(ctx))) throw new ForbiddenError();
    const [fromSha, toSha] = await Promise.all([
      resolveCommit(ctx.gitDir, input.from),
      resolveCommit(ctx.gitDir, input.to),
    ]);
    if (!fromSha || !toSha) throw new NotFoundError('Ref');
    const base = input.straight ? fromSha : ((await mergeBase(ctx.gitDir, fromSha, toSha)) ?? fromSha);
    const [commits, diff] = await Promise.all([
      base === toSha ? [] : listCommits(ctx.gitDir, { revision: `${base}..${toSha}` }),
      diffCommits(ctx.gitDir, base, toSha, { maxFiles: MAX_COMPARE_FILES }),
    ]);
    return { ctx, commits: commits.reverse(), diff, sameRef: fromSha === toSha };
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

function richLine(line: ParsedDiffLine, oldLines: string[] | null, newLines: string[] | null): DiffLine {
  if (line.type === 'match' || line.type === 'old-nonewline' || line.type === 'new-nonewline') {
    return { ...line, rich_text: escapeHtml(line.text) };
  }
  const prefix = line.text.slice(0, 1);
  const html = line.type === 'old' ? oldLines?.[line.old_line! - 1] : newLines?.[line.new_line! - 1];
  return { ...line, rich_text: prefix + (html ?? escapeHtml(line.text.slice(1))) };
}

/** Lines in a blob split at its newlines: a final newline ends the last line rather than starting one. */
const lineCount = (lines: string[]): number => (lines.at(-1) === '' ? lines.length - 1 : lines.length);

/**
 * GitLab's trailing `match` line: when the last hunk stops before the end of the new file, a match
 * line at the last positions lets the reader unfold the rest (context lines with `bottom`).
 */
function bottomMatchLine(lines: DiffLine[], newLines: string[] | null): DiffLine | null {
  const last = lines.findLast((line) => line.new_line !== null);
  if (!last || !newLines || last.new_line! >= lineCount(newLines)) return null;
  const oldPos = lines.findLast((line) => line.old_line !== null)?.old_line ?? 0;
  return {
    line_code: null,
    type: 'match',
    old_line: null,
    new_line: null,
    text: '',
    rich_text: '',
    meta_data: { old_pos: oldPos, new_pos: last.new_line! },
  };
}

/** A kept view's weight: the characters of its lines, and a little for each line object. */
function weighView(view: DiffFileView): number {
  let weight = 256;
  for (const line of view.lines ?? []) weight += line.text.length + line.rich_text.length + 64;
  return weight;
}

const isSubmodule = (file: ChangedFile): boolean => file.aMode === '160000' || file.bMode === '160000';

const ZERO_SHA = /^0+$/;

/**
 * Each file's size and LFS pointer: one `cat-file --batch-check` for the sizes, and one read of the
 * blobs small enough to be pointers, so a listing of thousands of files costs two git calls.
 */
async function withBlobFacts(gitDir: string, files: ChangedFile[]): Promise<ListedFile[]> {
  const shown = (file: ChangedFile) => (file.deletedFile ? file.oldBlobId : file.newBlobId);
  const shas = files.filter((file) => !isSubmodule(file) && !ZERO_SHA.test(shown(file))).map(shown);
  const sizes = await blobSizes(gitDir, shas);
  const small = [...sizes].filter(([, size]) => size <= LFS_POINTER_MAX_BYTES).map(([sha]) => sha);
  const contents = await readBlobs(gitDir, small, LFS_POINTER_MAX_BYTES);
  return files.map((file) => {
    const content = contents.get(shown(file));
    const lfs = content ? parseLfsPointer(content.toString('utf8')) : null;
    return { ...file, size: lfs?.size ?? sizes.get(shown(file)) ?? 0, lfs };
  });
}

/**
 * The image viewer shows each side's file size (spec 2.9); the listing only sized the side shown,
 * so a page with images asks git for both sides' sizes in one `cat-file --batch-check`.
 */
async function withImageSizes(gitDir: string, views: DiffFileView[]): Promise<DiffFileView[]> {
  const images = views.filter((view) => view.viewer.name === 'image');
  if (images.length === 0) return views;
  const sides = (view: DiffFileView) => ({
    old: view.newFile ? null : view.oldBlobId,
    new: view.deletedFile ? null : view.newBlobId,
  });
  const shas = images.flatMap((view) => Object.values(sides(view)).filter((sha) => sha !== null));
  const sizes = await blobSizes(gitDir, shas);
  const sizeOf = (sha: string | null) => (sha === null ? null : (sizes.get(sha) ?? null));
  return views.map((view) => {
    if (view.viewer.name !== 'image') return view;
    const { old, new: next } = sides(view);
    return { ...view, imageSizes: { old: sizeOf(old), new: sizeOf(next) } };
  });
}

const PROBLEM_VIEWERS: Record<PatchProblem, { name: ViewerName; reason: string }> = {
  binary: { name: 'not_diffable', reason: 'The file is binary.' },
  too_large: { name: 'too_large', reason: 'The diff is too large to show.' },
  non_utf8: { name: 'not_diffable', reason: 'The file is not valid UTF-8 text.' },
  control_characters: {
    name: 'not_diffable',
    reason: 'The file holds control characters, so it is shown as binary.',
  },
};

/**
 * What the viewer shows for a file. Whether it is binary comes from the listing, for the metadata
 * and the batches alike: numstat counts no lines (`-`) of a binary file even where git's patch has
 * no "Binary files" line, as for a rename without changes. With the patch, git says why else
 * lines are missing.
 */
function viewOf(
  file: ListedFile,
  patch: FilePatch | null,
  { expanded }: { expanded: boolean },
): DiffFileView {
  const submodule = isSubmodule(file);
  const binary = patch?.problem === 'binary' || (file.addedLines === null && !submodule);
  const addedCount = patch?.addedLines ?? file.addedLines ?? 0;
  const removedCount = patch?.removedLines ?? file.removedLines ?? 0;
  const base = {
    ...file,
    submodule,
    addedCount,
    removedCount,
    readableText: false,
    lines: null,
    fullyExpanded: true,
    submoduleUrl: null,
    imageSizes: null,
  };
  const image = IMAGE_EXTENSIONS.test(file.newPath);
  // Spec 2.8: a file that is not text, renamed with no changes, links to the file ("View file @").
  if (binary && file.renamedFile && file.oldBlobId === file.newBlobId) {
    return { ...base, viewer: { name: 'no_preview', reason: noPreviewReason(file) } };
  }
  if (binary) return { ...base, viewer: image ? { name: 'image', reason: null } : PROBLEM_VIEWERS.binary };
  if (patch?.problem) return { ...base, viewer: PROBLEM_VIEWERS[patch.problem] };
  if (file.lfs)
    return { ...base, viewer: { name: 'not_diffable', reason: 'The file is stored in Git LFS.' } };
  const readable = { ...base, readableText: !submodule, lines: patch ? [] : null };
  if (addedCount + removedCount === 0 && (!patch || patch.lines.length === 0)) {
    return { ...readable, viewer: { name: 'no_preview', reason: noPreviewReason(file) } };
  }
  // Past the collapse limits the lines are left out; `load_collapsed_diff_url` serves them.
  if (!expanded && collapsedAutomatically(addedCount + removedCount, patch?.patchBytes ?? null)) {
    return { ...readable, lines: null, viewer: { name: 'collapsed', reason: null } };
  }
  return { ...readable, viewer: { name: 'text', reason: null } };
}

function noPreviewReason(file: ChangedFile): string {
  if (file.renamedFile) return 'File renamed with no changes.';
  if (file.aMode !== file.bMode && !file.newFile && !file.deletedFile) {
    return `File mode changed from ${file.aMode} to ${file.bMode}`;
  }
  // GitLab's empty-file viewer, for a new or deleted file without lines.
  if (file.newFile || file.deletedFile) return 'Empty file';
  return 'Only whitespace changed.';
}

export type DiffsService = ReturnType<typeof createDiffsService>;
