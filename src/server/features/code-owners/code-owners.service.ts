import type { ApprovalRuleInput } from '../../../shared/approvals';
import { codeOwnerApprovalRules } from '../../../shared/approvals';
import {
  CODE_OWNERS_FILE_PATHS,
  codeOwnersFilePath,
  DEFAULT_SECTION,
  createCodeOwnersMatcher,
  matchChangedPaths,
  parseCodeOwners,
  type CodeOwnersFile,
  type CodeOwnersFilePath,
  type CodeOwnersMatcher,
} from '../../../shared/code-owners';
import type { Actor } from '../../auth/permissions';
import type { Db } from '../../db/client';
import { branchRef, resolveCommit } from '../../git/repository';
import { isBinary, readBlob, readPathEntries } from '../../git/tree';
import { NotFoundError } from '../../errors';
import { createLruCache } from '../../lru-cache';
import type { NamespacesService } from '../namespaces/namespaces.service';
import type { ProjectContext, ProjectsService } from '../projects/projects.service';
import { listOwnerMemberships } from './code-owners.repo';
import { createOwnerDirectory, type CodeOwnerUser } from './owner-directory';

/**
 * GitLab reads a blob's first 10 MiB (`Gitlab::Git::Blob::MAX_DATA_DISPLAY_SIZE`); a CODEOWNERS
 * larger than that is not read at all here rather than cut mid-line (docs/decisions.md).
 */
export const CODE_OWNERS_MAX_BYTES = 10 * 1024 * 1024;

/** Parsed files kept, weighed by their size in bytes: a few large files or many small ones. */
const CACHE_BYTES = 64 * 1024 * 1024;

type ParsedCodeOwners = { file: CodeOwnersFile; matcher: CodeOwnersMatcher };
type FoundCodeOwners = ParsedCodeOwners & { path: CodeOwnersFilePath };

export type PathCodeOwners = {
  path: string;
  /** One per section that owns the path: the pattern that matched and the users it names. */
  owners: Array<{ section: string; pattern: string; users: CodeOwnerUser[] }>;
};

/** The owners of one file as its page shows them: per section, the default section unnamed. */
export type BlobCodeOwners = {
  codeOwnersPath: CodeOwnersFilePath | null;
  sections: Array<{ name: string | null; users: CodeOwnerUser[] }>;
};

type Deps = {
  db: Db;
  namespaces: Pick<NamespacesService, 'ancestry'>;
  projects: Pick<ProjectsService, 'loadProject'>;
  /** Injectable so tests can count how often a file is parsed. */
  parse?: (text: string) => CodeOwnersFile;
};

/**
 * CODEOWNERS read from the repository and resolved to users: the code owner approval rules of a
 * merge request, and the owners of files at a revision. A file is parsed and its patterns
 * compiled once per blob (the cache is keyed by blob id, so a push that leaves CODEOWNERS alone
 * costs no parse); each question then costs one `ls-tree` and one membership query.
 */
export function createCodeOwnersService({ db, namespaces, projects, parse = parseCodeOwners }: Deps) {
  // Promises, so that questions arriving while a file is parsed wait for that one parse.
  const parsed = createLruCache<{ bytes: number; file: Promise<ParsedCodeOwners> }>(
    CACHE_BYTES,
    (entry) => entry.bytes,
  );

  async function parseBlob(gitDir: string, blobId: string): Promise<ParsedCodeOwners> {
    const content = await readBlob(gitDir, blobId);
    // An unreadable or binary file owns nothing, as GitLab reads it.
    const text = content && !isBinary(content) ? content.toString('utf8') : '';
    const file = parse(text);
    return { file, matcher: createCodeOwnersMatcher(file) };
  }

  /**
   * The CODEOWNERS GitLab uses at `revision`: the first of `CODEOWNERS`, `docs/CODEOWNERS`,
   * `.gitlab/CODEOWNERS` that is a file there; null when there is none or it is too large.
   */
  async function codeOwnersAt(gitDir: string, revision: string): Promise<FoundCodeOwners | null> {
    const entries = await readPathEntries(gitDir, revision, CODE_OWNERS_FILE_PATHS);
    const files = entries.filter((entry) => entry.type === 'blob');
    const path = codeOwnersFilePath(files.map((entry) => entry.path));
    const blob = files.find((entry) => entry.path === path);
    if (!path || !blob || (blob.size ?? 0) > CODE_OWNERS_MAX_BYTES) return null;
    let found = parsed.get(blob.id)?.file;
    if (!found) {
      found = parseBlob(gitDir, blob.id);
      parsed.set(blob.id, { bytes: blob.size ?? 0, file: found });
      found.catch(() => parsed.delete(blob.id));
    }
    return { ...(await found), path };
  }

  async function ownerDirectory(ctx: ProjectContext, within: Db = db) {
    const groupIds =
      ctx.namespace.kind === 'group' ? await namespaces.ancestry(ctx.namespace.id, within) : [];
    return createOwnerDirectory(await listOwnerMemberships(within, ctx.project.id, groupIds));
  }

  /**
   * The code owner rules of a merge request into `targetBranch`: read from the branch itself
   * (`refs/heads/`, never a tag of the same name), one per section and pattern its changed paths
   * fall under. Whether they are required is the target branch's protection's to say
   * (`codeOwnerApprovalRequired` of the approval state). Owners are read `within` a transaction
   * when given (a push's, which removes code owners' approvals).
   */
  async function codeOwnerRules(
    ctx: ProjectContext,
    mergeRequest: { targetBranch: string; changedPaths: readonly string[] },
    within: Db = db,
  ): Promise<ApprovalRuleInput[]> {
    const found = await codeOwnersAt(ctx.gitDir, branchRef(mergeRequest.targetBranch));
    if (!found) return [];
    const matches = matchChangedPaths(found.file, found.matcher, mergeRequest.changedPaths);
    if (matches.length === 0) return [];
    const directory = await ownerDirectory(ctx, within);
    return codeOwnerApprovalRules(found.file, matches, (entry) => directory.approverIds(entry.owners));
  }

  /** Who owns each of `paths` at `revision` (a commit sha or a full ref), for a file's page. */
  async function codeOwnersFor(
    ctx: ProjectContext,
    revision: string,
    paths: readonly string[],
  ): Promise<PathCodeOwners[]> {
    const found = await codeOwnersAt(ctx.gitDir, revision);
    if (!found) return paths.map((path) => ({ path, owners: [] }));
    const directory = await ownerDirectory(ctx);
    return paths.map((path) => ({
      path,
      owners: found.matcher.entriesForPath(path).map((entry) => ({
        section: entry.section,
        pattern: entry.pattern,
        users: directory.approverIds(entry.owners).map(directory.user),
      })),
    }));
  }

  /**
   * The file page's "Code owners": the CODEOWNERS of the ref being viewed (resolved as the file
   * itself is), the sections whose latest matching line names users. Those who may not read the
   * code learn nothing (403); an unknown ref is a 404.
   */
  async function blobCodeOwners(
    actor: Actor,
    projectRef: string,
    ref: string,
    path: string,
  ): Promise<BlobCodeOwners> {
    const ctx = await projects.loadProject(actor, projectRef, 'read_code');
    const commit = await resolveCommit(ctx.gitDir, ref);
    if (!commit) throw new NotFoundError('Ref');
    const found = await codeOwnersAt(ctx.gitDir, commit);
    if (!found) return { codeOwnersPath: null, sections: [] };
    const entries = found.matcher.entriesForPath(path.replace(/^\/+/, ''));
    if (entries.length === 0) return { codeOwnersPath: found.path, sections: [] };
    const directory = await ownerDirectory(ctx);
    const sections = entries
      .map((entry) => ({
        name: entry.section === DEFAULT_SECTION ? null : entry.section,
        users: directory.approverIds(entry.owners).map(directory.user),
      }))
      .filter((section) => section.users.length > 0);
    return { codeOwnersPath: found.path, sections };
  }

  return { codeOwnerRules, codeOwnersFor, blobCodeOwners };
}

export type CodeOwnersService = ReturnType<typeof createCodeOwnersService>;
