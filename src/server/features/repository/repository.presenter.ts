import { createHash } from 'node:crypto';
import type {
  BranchJson,
  CommitDetailJson,
  CommitJson,
  DiffFileJson,
  RepositoryFileJson,
  TreeEntryJson,
} from '../../../shared/api/repository';
import type { Config } from '../../config';
import type { Commit } from '../../git/commits';
import type { FileDiff } from '../../git/diff';
import type { TreeEntry } from '../../git/tree';
import type { ProjectContext } from '../projects/projects.service';
import type { BranchView, RepositoryService } from './repository.service';

type Urls = Pick<Config, 'externalUrl'>;

const projectUrl = (config: Urls, ctx: ProjectContext) => `${config.externalUrl}/${ctx.fullPath}`;

/** Branch names keep their slashes in page URLs; everything else is escaped. */
const refPath = (ref: string) => ref.split('/').map(encodeURIComponent).join('/');

export function presentCommit(commit: Commit, ctx: ProjectContext, config: Urls): CommitJson {
  return {
    id: commit.sha,
    short_id: commit.sha.slice(0, 8),
    created_at: commit.committer.date.toISOString(),
    parent_ids: commit.parentShas,
    title: commit.title,
    message: commit.message,
    author_name: commit.author.name,
    author_email: commit.author.email,
    authored_date: commit.author.date.toISOString(),
    committer_name: commit.committer.name,
    committer_email: commit.committer.email,
    committed_date: commit.committer.date.toISOString(),
    trailers: {},
    extended_trailers: {},
    web_url: `${projectUrl(config, ctx)}/-/commit/${commit.sha}`,
  };
}

export function presentCommitDetail(
  detail: Awaited<ReturnType<RepositoryService['getCommit']>>,
  ctx: ProjectContext,
  config: Urls,
): CommitDetailJson {
  const { additions, deletions } = detail.stats;
  return {
    ...presentCommit(detail.commit, ctx, config),
    stats: { additions, deletions, total: additions + deletions },
    status: null,
    project_id: ctx.project.id,
    last_pipeline: null,
  };
}

export function presentBranch(view: BranchView, ctx: ProjectContext, config: Urls): BranchJson {
  const developer = 30;
  const pushLevel = view.protection?.pushAccessLevel;
  const mergeLevel = view.protection?.mergeAccessLevel;
  return {
    name: view.name,
    merged: view.merged,
    protected: view.protection !== null,
    default: view.isDefault,
    // GitLab answers these for protected branches only; an unprotected branch says false.
    developers_can_push: pushLevel !== undefined && pushLevel > 0 && pushLevel <= developer,
    developers_can_merge: mergeLevel !== undefined && mergeLevel > 0 && mergeLevel <= developer,
    can_push: view.canPush,
    web_url: `${projectUrl(config, ctx)}/-/tree/${refPath(view.name)}`,
    commit: presentCommit(view.commit, ctx, config),
  };
}

export const presentTreeEntry = (entry: TreeEntry): TreeEntryJson => ({
  id: entry.id,
  name: entry.name,
  type: entry.type,
  path: entry.path,
  mode: entry.mode,
});

export function presentFile(file: Awaited<ReturnType<RepositoryService['getFile']>>): RepositoryFileJson {
  return {
    file_name: file.path.slice(file.path.lastIndexOf('/') + 1),
    file_path: file.path,
    size: file.content.length,
    encoding: 'base64',
    content_sha256: createHash('sha256').update(file.content).digest('hex'),
    ref: file.ref,
    blob_id: file.entry.id,
    commit_id: file.commitSha,
    last_commit_id: file.lastCommitSha,
    execute_filemode: file.entry.mode === '100755',
    content: file.content.toString('base64'),
  };
}

/** A file of a diff as GitLab's REST API shows it, for commits, compare and merge requests alike. */
export const presentDiffFile = (file: FileDiff): DiffFileJson => ({
  old_path: file.oldPath,
  new_path: file.newPath,
  a_mode: file.aMode,
  b_mode: file.bMode,
  new_file: file.newFile,
  renamed_file: file.renamedFile,
  deleted_file: file.deletedFile,
  // Nothing is marked generated (GitLab reads `gitlab-generated` from .gitattributes).
  generated_file: false,
  diff: file.diff,
});
