import type { FileChangeBody } from '../../../shared/api/repository';
import { fileChangeBodySchema } from '../../../shared/api/repository';
import type { CurrentUser } from '../../auth/current-user';
import { can } from '../../auth/permissions';
import type { Clock } from '../../clock';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { branchesMergedInto, listBranches } from '../../git/branches';
import {
  BranchMovedError,
  commitFiles,
  countCommits,
  diffStats,
  EMPTY_TREE_SHA,
  listCommits,
  readCommit,
  readCommits,
  type Commit,
} from '../../git/commits';
import { diffCommits } from '../../git/diff';
import { cherryPickOnto, revertOnto } from '../../git/pick';
import {
  branchRef,
  deleteRef,
  isValidBranchName,
  resolveCommit,
  updateRef,
  ZERO_SHA,
} from '../../git/repository';
import { listTree, normalizeRepositoryPath, readBlob, readPathEntry } from '../../git/tree';
import { repositoryPathProblem } from '../../../shared/repository/repositoryInput';
import type { GitHttpService } from '../git-http/git-http.service';
import { projectSubject, type ProjectContext } from '../projects/projects.service';
import type { BranchProtection } from '../protected-branches/branch-protection';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';

export type BranchView = {
  name: string;
  commit: Commit;
  merged: boolean;
  protection: BranchProtection | null;
  isDefault: boolean;
  canPush: boolean;
};

export type Page = { offset: number; limit: number };

export const REPOSITORY_MESSAGES = {
  invalidBranch: 'Branch name is invalid',
  branchExists: 'Branch already exists',
  invalidPath: 'file_path should be a valid file path',
  fileExists: 'A file with this name already exists',
  fileMissing: "A file with this name doesn't exist",
  notOnBranch: 'You can only create or edit files when you are on a branch',
  pushIntoBranch: 'You are not allowed to push into this branch',
  deleteProtected: 'Protected branch cannot be deleted',
  deleteDefault: 'The default branch of a project cannot be deleted',
  fileChanged: 'You are attempting to update a file that has changed since you started editing it.',
  branchMoved: 'The branch changed while the commit was being written. Please try again.',
  revertFailed:
    'Sorry, we cannot revert this commit automatically. This commit may already have been reverted, or a more recent commit may have updated some of its content.',
  cherryPickFailed:
    'Sorry, we cannot cherry-pick this commit automatically. This commit may already have been cherry-picked, or a more recent commit may have updated some of its content.',
} as const;

/** git's own messages for a revert and a cherry-pick (`-m 1` for merge commits). */
function revertMessage(commit: Commit): string {
  const reverting = `This reverts commit ${commit.sha}`;
  const mainline = commit.parentShas.length > 1 ? `, reversing\nchanges made to ${commit.parentShas[0]}` : '';
  return `Revert "${commit.title}"\n\n${reverting}${mainline}.\n`;
}
const cherryPickMessage = (commit: Commit) =>
  `${commit.message}\n\n(cherry picked from commit ${commit.sha})\n`;

export type CommitAction = 'revert' | 'cherry_pick';

/** GitLab's branch search: `^foo` starts with, `foo$` ends with, otherwise contains; case-insensitive. */
export function matchesSearch(name: string, search: string | undefined): boolean {
  if (!search) return true;
  const lower = name.toLowerCase();
  let term = search.toLowerCase();
  const anchoredStart = term.startsWith('^');
  const anchoredEnd = term.endsWith('$');
  if (anchoredStart) term = term.slice(1);
  if (anchoredEnd) term = term.slice(0, -1);
  if (anchoredStart && anchoredEnd) return lower === term;
  if (anchoredStart) return lower.startsWith(term);
  if (anchoredEnd) return lower.endsWith(term);
  return lower.includes(term);
}

type Deps = {
  clock: Clock;
  protectedBranches: Pick<ProtectedBranchesService, 'protectionResolver'>;
  gitHttp: Pick<GitHttpService, 'announcePush'>;
};

/** Push hooks that fail are reported here (the route's logger); the change itself stands. */
export type HookErrorReporter = (error: unknown) => void;

/** Branches, commits, trees and files of a project's repository; the caller checked read access. */
export function createRepositoryService({ clock, protectedBranches, gitHttp }: Deps) {
  const canPushTo = (ctx: ProjectContext, actor: CurrentUser | null, protection: BranchProtection | null) =>
    can(actor, 'push_to_branch', {
      ...projectSubject(ctx),
      type: 'branch',
      pushAccessLevel: protection?.pushAccessLevel ?? null,
    });

  const announce = (
    ctx: ProjectContext,
    actor: CurrentUser,
    change: { ref: string; oldSha: string; newSha: string },
    onHookError: HookErrorReporter,
  ) => gitHttp.announcePush({ project: ctx, actor, changes: [change] }, onHookError);

  async function branchViews(
    ctx: ProjectContext,
    actor: CurrentUser | null,
    branches: Array<{ name: string; sha: string }>,
  ) {
    const protectionOf = await protectedBranches.protectionResolver(ctx.project.id);
    const defaultSha = await resolveCommit(ctx.gitDir, branchRef(ctx.project.defaultBranch));
    const [commits, merged] = await Promise.all([
      readCommits(
        ctx.gitDir,
        branches.map((b) => b.sha),
      ),
      defaultSha ? branchesMergedInto(ctx.gitDir, defaultSha) : Promise.resolve(new Set<string>()),
    ]);
    return branches.flatMap((branch): BranchView[] => {
      const commit = commits.get(branch.sha);
      if (!commit) return [];
      const protection = protectionOf(branch.name);
      const isDefault = branch.name === ctx.project.defaultBranch;
      return [
        {
          name: branch.name,
          commit,
          merged: !isDefault && merged.has(branch.name),
          protection,
          isDefault,
          canPush: canPushTo(ctx, actor, protection),
        },
      ];
    });
  }

  async function listBranchViews(
    ctx: ProjectContext,
    actor: CurrentUser | null,
    options: { search?: string; page: Page },
  ) {
    const all = (await listBranches(ctx.gitDir)).filter((b) => matchesSearch(b.name, options.search));
    const slice = all.slice(options.page.offset, options.page.offset + options.page.limit);
    return { branches: await branchViews(ctx, actor, slice), total: all.length };
  }

  async function getBranch(
    ctx: ProjectContext,
    actor: CurrentUser | null,
    name: string,
  ): Promise<BranchView> {
    const sha = (await isValidBranchName(name)) ? await resolveCommit(ctx.gitDir, branchRef(name)) : null;
    const [view] = sha ? await branchViews(ctx, actor, [{ name, sha }]) : [];
    if (!view) throw new NotFoundError('Branch');
    return view;
  }

  async function createBranch(
    ctx: ProjectContext,
    actor: CurrentUser,
    name: string,
    ref: string,
    onHookError: HookErrorReporter,
  ): Promise<BranchView> {
    if (!(await isValidBranchName(name)) || /^[0-9a-f]{40}$/i.test(name))
      throw new BadRequestError(REPOSITORY_MESSAGES.invalidBranch);
    const protection = (await protectedBranches.protectionResolver(ctx.project.id))(name);
    if (!canPushTo(ctx, actor, protection)) throw new ForbiddenError(REPOSITORY_MESSAGES.pushIntoBranch);
    const target = await resolveCommit(ctx.gitDir, ref);
    if (!target) throw new BadRequestError('Invalid reference name');
    if (await resolveCommit(ctx.gitDir, branchRef(name)))
      throw new BadRequestError(REPOSITORY_MESSAGES.branchExists);
    if (!(await updateRef(ctx.gitDir, branchRef(name), target, ZERO_SHA)))
      throw new BadRequestError(REPOSITORY_MESSAGES.branchExists);
    await announce(ctx, actor, { ref: branchRef(name), oldSha: ZERO_SHA, newSha: target }, onHookError);
    return getBranch(ctx, actor, name);
  }

  async function deleteBranch(
    ctx: ProjectContext,
    actor: CurrentUser,
    name: string,
    onHookError: HookErrorReporter,
  ): Promise<void> {
    const sha = (await isValidBranchName(name)) ? await resolveCommit(ctx.gitDir, branchRef(name)) : null;
    if (!sha) throw new NotFoundError('Branch');
    if (name === ctx.project.defaultBranch) throw new BadRequestError(REPOSITORY_MESSAGES.deleteDefault);
    const protection = (await protectedBranches.protectionResolver(ctx.project.id))(name);
    if (protection) throw new ForbiddenError(REPOSITORY_MESSAGES.deleteProtected);
    if (!canPushTo(ctx, actor, null)) throw new ForbiddenError();
    if (!(await deleteRef(ctx.gitDir, branchRef(name), sha)))
      throw new ConflictError(REPOSITORY_MESSAGES.branchMoved);
    await announce(ctx, actor, { ref: branchRef(name), oldSha: sha, newSha: ZERO_SHA }, onHookError);
  }

  async function listCommitPage(
    ctx: ProjectContext,
    options: { ref?: string; path?: string; since?: Date; until?: Date; firstParent?: boolean; page: Page },
  ) {
    const head = await resolveCommit(ctx.gitDir, options.ref ?? ctx.project.defaultBranch);
    if (!head) return { commits: [], total: 0 };
    const filters = {
      path: options.path,
      since: options.since,
      until: options.until,
      firstParent: options.firstParent,
    };
    const [commits, total] = await Promise.all([
      listCommits(ctx.gitDir, {
        revision: head,
        ...filters,
        skip: options.page.offset,
        limit: options.page.limit,
      }),
      countCommits(ctx.gitDir, head, filters),
    ]);
    return { commits, total };
  }

  async function getCommit(ctx: ProjectContext, ref: string) {
    const commit = await readCommit(ctx.gitDir, ref);
    if (!commit) throw new NotFoundError('Commit');
    const stats = await diffStats(ctx.gitDir, commit.parentShas[0] ?? EMPTY_TREE_SHA, commit.sha);
    return { commit, stats };
  }

  async function getCommitDiff(ctx: ProjectContext, ref: string, page: Page) {
    const commit = await readCommit(ctx.gitDir, ref);
    if (!commit) throw new NotFoundError('Commit');
    const { files } = await diffCommits(ctx.gitDir, commit.parentShas[0] ?? EMPTY_TREE_SHA, commit.sha);
    return { files: files.slice(page.offset, page.offset + page.limit), total: files.length };
  }

  /**
   * Reverts or cherry-picks a commit onto a branch (GitLab's `POST .../commits/:sha/revert` and
   * `cherry_pick`), or onto a new branch started from `startBranch`. The branch moves by
   * compare-and-swap; a dry run checks and writes nothing.
   */
  async function applyCommit(
    ctx: ProjectContext,
    actor: CurrentUser,
    action: CommitAction,
    sha: string,
    target: { branch: string; startBranch?: string; dryRun?: boolean; message?: string },
    onHookError: HookErrorReporter,
  ): Promise<{ commit: Commit | null }> {
    const commit = /^[0-9a-f]{4,64}$/i.test(sha) ? await readCommit(ctx.gitDir, sha) : null;
    if (!commit) throw new NotFoundError('Commit');
    if (!(await isValidBranchName(target.branch)))
      throw new BadRequestError(REPOSITORY_MESSAGES.invalidBranch);
    const protection = (await protectedBranches.protectionResolver(ctx.project.id))(target.branch);
    if (!canPushTo(ctx, actor, protection)) throw new ForbiddenError(REPOSITORY_MESSAGES.pushIntoBranch);
    const branchHead = await resolveCommit(ctx.gitDir, branchRef(target.branch));
    const start = target.startBranch ? await resolveCommit(ctx.gitDir, branchRef(target.startBranch)) : null;
    const onto = branchHead ?? start;
    if (!onto) throw new NotFoundError('Branch');

    const now = clock.now();
    const committer = { name: actor.name, email: actor.email, date: now };
    const picked =
      action === 'revert'
        ? await revertOnto(ctx.gitDir, {
            commit,
            onto,
            message: revertMessage(commit),
            author: committer,
            committer,
          })
        : await cherryPickOnto(ctx.gitDir, {
            commit,
            onto,
            message: target.message ? `${target.message}\n` : cherryPickMessage(commit),
            author: commit.author,
            committer,
          });
    if (!picked.ok)
      throw new BadRequestError(
        action === 'revert' ? REPOSITORY_MESSAGES.revertFailed : REPOSITORY_MESSAGES.cherryPickFailed,
      );
    if (target.dryRun) return { commit: null };
    const oldSha = branchHead ?? ZERO_SHA;
    if (!(await updateRef(ctx.gitDir, branchRef(target.branch), picked.value, oldSha)))
      throw new ConflictError(REPOSITORY_MESSAGES.branchMoved);
    await announce(ctx, actor, { ref: branchRef(target.branch), oldSha, newSha: picked.value }, onHookError);
    return { commit: await readCommit(ctx.gitDir, picked.value) };
  }

  function checkedPath(filePath: string): string {
    if (repositoryPathProblem(filePath)) throw new BadRequestError(REPOSITORY_MESSAGES.invalidPath);
    return normalizeRepositoryPath(filePath);
  }

  async function getTree(
    ctx: ProjectContext,
    options: { ref?: string; path?: string; recursive?: boolean; page: Page },
  ) {
    const dir = checkedPath(options.path ?? '');
    const commit = await resolveCommit(ctx.gitDir, options.ref ?? ctx.project.defaultBranch);
    const entries = commit ? await listTree(ctx.gitDir, commit, dir, { recursive: options.recursive }) : null;
    if (!entries) throw new NotFoundError('Tree');
    return {
      entries: entries.slice(options.page.offset, options.page.offset + options.page.limit),
      total: entries.length,
    };
  }

  /** A file at a ref with its bytes and the commit that last changed it. */
  async function getFile(ctx: ProjectContext, filePath: string, ref?: string) {
    const target = checkedPath(filePath);
    const commitSha = await resolveCommit(ctx.gitDir, ref ?? ctx.project.defaultBranch);
    const entry = commitSha && target ? await readPathEntry(ctx.gitDir, commitSha, target) : null;
    if (!commitSha || !entry || entry.type !== 'blob') throw new NotFoundError('File');
    const content = await readBlob(ctx.gitDir, entry.id);
    if (!content) throw new NotFoundError('File');
    const [last] = await listCommits(ctx.gitDir, { revision: commitSha, path: target, limit: 1 });
    return {
      path: target,
      ref: ref ?? ctx.project.defaultBranch,
      commitSha,
      lastCommitSha: last?.sha ?? commitSha,
      entry,
      content,
    };
  }

  async function getBlob(ctx: ProjectContext, sha: string): Promise<Buffer> {
    const content = /^[0-9a-f]{4,40}$/.test(sha) ? await readBlob(ctx.gitDir, sha) : null;
    if (!content) throw new NotFoundError('Blob');
    return content;
  }

  /** Creates, updates or deletes one file in a commit on `branch`, with GitLab's checks and words. */
  async function changeFile(
    ctx: ProjectContext,
    actor: CurrentUser,
    action: 'create' | 'update' | 'delete',
    filePath: string,
    input: FileChangeBody,
    onHookError: HookErrorReporter,
  ): Promise<{ filePath: string; branch: string; sha: string }> {
    const body = fileChangeBodySchema.parse(input);
    const target = checkedPath(filePath);
    if (!target) throw new BadRequestError(REPOSITORY_MESSAGES.invalidPath);
    if (!(await isValidBranchName(body.branch))) throw new BadRequestError(REPOSITORY_MESSAGES.invalidBranch);
    const protection = (await protectedBranches.protectionResolver(ctx.project.id))(body.branch);
    if (!canPushTo(ctx, actor, protection)) throw new ForbiddenError(REPOSITORY_MESSAGES.pushIntoBranch);

    const head = await resolveCommit(ctx.gitDir, branchRef(body.branch));
    const start = body.start_branch ? await resolveCommit(ctx.gitDir, branchRef(body.start_branch)) : null;
    const base = head ?? start;
    const emptyRepository = (await listBranches(ctx.gitDir)).length === 0;
    if (!base && !emptyRepository) throw new BadRequestError(REPOSITORY_MESSAGES.notOnBranch);
    const existing = base ? await readPathEntry(ctx.gitDir, base, target) : null;
    if (action === 'create' && existing) throw new BadRequestError(REPOSITORY_MESSAGES.fileExists);
    if (action !== 'create' && existing?.type !== 'blob')
      throw new BadRequestError(REPOSITORY_MESSAGES.fileMissing);
    if (action !== 'delete' && body.content === undefined) throw new BadRequestError('content is missing');
    if (body.last_commit_id && base) {
      const [last] = await listCommits(ctx.gitDir, { revision: base, path: target, limit: 1 });
      if (last && last.sha !== body.last_commit_id)
        throw new BadRequestError(REPOSITORY_MESSAGES.fileChanged);
    }

    const content =
      body.encoding === 'base64' ? Buffer.from(body.content ?? '', 'base64') : (body.content ?? '');
    const executable = body.execute_filemode ?? existing?.mode === '100755';
    const person = {
      name: body.author_name ?? actor.name,
      email: body.author_email ?? actor.email,
      date: clock.now(),
    };
    try {
      const sha = await commitFiles(ctx.gitDir, {
        branch: body.branch,
        ...(body.start_branch ? { startBranch: body.start_branch } : {}),
        message: body.commit_message,
        author: person,
        committer: { name: actor.name, email: actor.email, date: person.date },
        changes: [
          action === 'delete' ? { action, path: target } : { action, path: target, content, executable },
        ],
      });
      await announce(
        ctx,
        actor,
        { ref: branchRef(body.branch), oldSha: head ?? ZERO_SHA, newSha: sha },
        onHookError,
      );
      return { filePath: target, branch: body.branch, sha };
    } catch (error) {
      if (error instanceof BranchMovedError) throw new ConflictError(REPOSITORY_MESSAGES.branchMoved);
      throw error;
    }
  }

  return {
    listBranches: listBranchViews,
    getBranch,
    createBranch,
    deleteBranch,
    listCommits: listCommitPage,
    getCommit,
    getCommitDiff,
    getTree,
    getFile,
    getBlob,
    changeFile,
    applyCommit,
  };
}

export type RepositoryService = ReturnType<typeof createRepositoryService>;
