import { runGit } from './run-git';
import { repositoryPathProblem, revisionProblem } from '../../shared/repository/repositoryInput';

export type TreeEntryType = 'tree' | 'blob' | 'commit';
export type TreeEntry = { id: string; name: string; type: TreeEntryType; path: string; mode: string };

/** Paths are taken literally: no globs, no magic pathspecs, whatever a file is called. */
const literal = { GIT_LITERAL_PATHSPECS: '1' };

/** `a/b/` and `a/b` name the same folder. */
export const normalizeRepositoryPath = (filePath: string): string => filePath.replace(/\/+$/, '');

const ENTRY_RE = /^(\d{6}) (tree|blob|commit) ([0-9a-f]{40})(?: +(-|\d+))?\t([\s\S]*)$/;

function parseEntries(
  raw: Buffer,
): Array<{ mode: string; type: TreeEntryType; id: string; size: number | null; path: string }> {
  return raw
    .toString('utf8')
    .split('\0')
    .filter(Boolean)
    .map((record) => {
      const match = ENTRY_RE.exec(record);
      if (!match) throw new Error(`unexpected ls-tree output: ${record.slice(0, 100)}`);
      const [, mode = '', type = 'blob', id = '', size, entryPath = ''] = match;
      return {
        mode,
        type: type as TreeEntryType,
        id,
        size: size && size !== '-' ? Number(size) : null,
        path: entryPath,
      };
    });
}

const ORDER: Record<TreeEntryType, number> = { tree: 0, blob: 1, commit: 2 };

/**
 * The entries of the folder `dir` at a commit (folders first, then files, then submodules, as
 * GitLab lists them); `recursive` includes everything below. Null when `dir` is not a folder there.
 */
export async function listTree(
  gitDir: string,
  commitSha: string,
  dir: string,
  options: { recursive?: boolean } = {},
): Promise<TreeEntry[] | null> {
  const folder = normalizeRepositoryPath(dir);
  const args = ['ls-tree', '-z', '--full-tree'];
  if (options.recursive) args.push('-r', '-t');
  args.push('--end-of-options', folder ? `${commitSha}:${folder}` : `${commitSha}^{tree}`);
  const result = await runGit(gitDir, args, { okCodes: [128], env: literal });
  if (result.code !== 0) return null;
  const entries = parseEntries(result.stdout).map((entry) => ({
    id: entry.id,
    name: entry.path.slice(entry.path.lastIndexOf('/') + 1),
    type: entry.type,
    path: folder ? `${folder}/${entry.path}` : entry.path,
    mode: entry.mode,
  }));
  if (options.recursive) return entries;
  return entries.sort((a, b) => ORDER[a.type] - ORDER[b.type]);
}

export type PathEntry = { id: string; type: TreeEntryType; mode: string; size: number | null };

/** What `filePath` is at a commit (a blob with its size, a folder, a submodule), or null. */
export async function readPathEntry(
  gitDir: string,
  commitSha: string,
  filePath: string,
): Promise<PathEntry | null> {
  const target = normalizeRepositoryPath(filePath);
  if (!target) return null;
  const result = await runGit(
    gitDir,
    ['ls-tree', '-z', '--long', '--full-tree', '--end-of-options', commitSha, '--', target],
    {
      okCodes: [128],
      env: literal,
    },
  );
  if (result.code !== 0) return null;
  const entry = parseEntries(result.stdout).find((e) => e.path === target);
  return entry ? { id: entry.id, type: entry.type, mode: entry.mode, size: entry.size } : null;
}

/** A blob's bytes; null when the object is not a blob. */
export async function readBlob(gitDir: string, blobSha: string): Promise<Buffer | null> {
  const result = await runGit(gitDir, ['cat-file', 'blob', blobSha], { okCodes: [128] });
  return result.code === 0 ? result.stdout : null;
}

export async function blobSize(gitDir: string, blobSha: string): Promise<number | null> {
  const type = await runGit(gitDir, ['cat-file', '-t', blobSha], { okCodes: [128] });
  if (type.code !== 0 || type.stdout.toString('utf8').trim() !== 'blob') return null;
  const size = await runGit(gitDir, ['cat-file', '-s', blobSha]);
  return Number(size.stdout.toString('utf8').trim());
}

/** git's own test: a NUL byte in the first 8000 bytes makes a file binary. */
export const isBinary = (content: Buffer): boolean => content.subarray(0, 8000).includes(0);

/** Every file's path at a commit (submodules left out), in git's order. */
export async function listFilePaths(gitDir: string, commitSha: string): Promise<string[]> {
  const result = await runGit(
    gitDir,
    ['ls-tree', '-r', '-z', '--full-tree', '--end-of-options', `${commitSha}^{tree}`],
    { okCodes: [128], env: literal },
  );
  if (result.code !== 0) return [];
  return parseEntries(result.stdout)
    .filter((entry) => entry.type === 'blob')
    .map((entry) => entry.path);
}

/** The text of a file at a commit; null when there is no such file (or it is not a regular file). */
export async function readFileAt(
  gitDir: string,
  commitSha: string,
  filePath: string,
): Promise<Buffer | null> {
  if (repositoryPathProblem(filePath) !== null) return null;
  const entry = await readPathEntry(gitDir, commitSha, filePath);
  if (!entry || entry.type !== 'blob') return null;
  return readBlob(gitDir, entry.id);
}

/**
 * The entries at these exact paths of a revision (`refs/heads/main`, a commit sha), in one
 * `ls-tree`: paths that do not exist are left out; none at all when the revision does not exist.
 */
export async function readPathEntries(
  gitDir: string,
  revision: string,
  paths: readonly string[],
): Promise<Array<PathEntry & { path: string }>> {
  if (revisionProblem(revision) !== null || paths.length === 0) return [];
  const result = await runGit(
    gitDir,
    ['ls-tree', '-z', '--long', '--full-tree', '--end-of-options', revision, '--', ...paths],
    { okCodes: [128], env: literal },
  );
  if (result.code !== 0) return [];
  const wanted = new Set(paths);
  return parseEntries(result.stdout).filter((entry) => wanted.has(entry.path));
}
