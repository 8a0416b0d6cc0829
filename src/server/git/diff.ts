import { MAX_FILE_PATCH_BYTES } from '../../shared/diff/diffLimits';
import { isLossyPath } from '../../shared/diff/gitPath';
import {
  PatchSplitter,
  toFilePatch,
  TypeChangePairs,
  type FilePatch,
  type PatchProblem,
} from './patch-splitter';
import { readBatches } from './read-batches';
import { GitError, runGit, streamGit } from './run-git';

/** One changed file between two commits, with its unified diff. */
export type FileDiff = {
  oldPath: string;
  newPath: string;
  aMode: string;
  bMode: string;
  newFile: boolean;
  renamedFile: boolean;
  deletedFile: boolean;
  /** The unified diff from the first hunk header on (`@@ ...`), as GitLab's `diff` field holds it. */
  diff: string;
};

export type DiffResult = { files: FileDiff[]; overflow: boolean };

/** A file's hunks without its headers (`index`, `---`, `+++`, modes, renames). */
function hunksOf(filePatch: string): string {
  const lines = filePatch.split('\n');
  const start = lines.findIndex((line) => line.startsWith('@@') || line.startsWith('Binary files '));
  return start < 0 ? '' : lines.slice(start).join('\n');
}

const DIFF_ARGS = ['diff', '--no-color', '--no-ext-diff', '-M', '--full-index'];

/** Paths are taken literally: a file named `*` or `:(glob)x` means only itself. */
const literal = { GIT_LITERAL_PATHSPECS: '1' };

/**
 * The files changed from `from` to `to` (commit shas, already resolved), as `git diff -M
 * --full-index` shows them. Both git calls list files in the same order, so they pair up; past
 * `maxFiles` the patch is read for the listed files only and `overflow` says more existed.
 */
export async function diffCommits(
  gitDir: string,
  from: string,
  to: string,
  options: { maxFiles?: number } = {},
): Promise<DiffResult> {
  const range = ['--end-of-options', from, to, '--'];
  const raw = await runGit(gitDir, [...DIFF_ARGS, '--raw', '-z', ...range]);
  const changes = parseRaw(raw.stdout.toString('utf8'));
  const listed = changes.slice(0, options.maxFiles ?? changes.length).map(asFileChange);
  if (listed.length === 0) return { files: [], overflow: false };
  const overflow = listed.length < changes.length;
  const pathspecs = overflow
    ? listed.flatMap((c) => (c.oldPath === c.newPath ? [c.newPath] : [c.oldPath, c.newPath]))
    : [];
  const patch = await runGit(gitDir, [...DIFF_ARGS, '-p', ...range, ...pathspecs], { env: literal });
  const patches = patch.stdout
    .toString('utf8')
    .split(/^(?=diff --git )/m)
    .filter((chunk) => chunk.startsWith('diff --git '));
  return {
    files: listed.map((change, index) => ({ ...change, diff: hunksOf(patches[index] ?? '') })),
    overflow,
  };
}

/** How many files differ, without reading the patches. */
export async function countChangedFiles(gitDir: string, from: string, to: string): Promise<number> {
  const raw = await runGit(gitDir, [...DIFF_ARGS, '--raw', '-z', '--end-of-options', from, to, '--']);
  return parseRaw(raw.stdout.toString('utf8')).length;
}

/*
 * The Changes tab's diffs. Listing (raw + numstat) and patches are separate git calls so a page
 * of files asks git for those paths only; patches are read as a stream and cut into files as they
 * arrive, so a huge diff is never held twice and one huge file never held at all.
 */

export type DiffOptions = {
  /** `w=1`: `--ignore-all-space`; files whose changes are all whitespace then have no hunks. */
  ignoreWhitespace?: boolean;
};

/** A changed file as `git diff --raw --numstat` lists it: no lines read. */
export type ChangedFile = {
  oldPath: string;
  newPath: string;
  aMode: string;
  bMode: string;
  oldBlobId: string;
  newBlobId: string;
  newFile: boolean;
  deletedFile: boolean;
  renamedFile: boolean;
  copiedFile: boolean;
  /** null for binary files, which numstat cannot count. */
  addedLines: number | null;
  removedLines: number | null;
};

export type { FilePatch, PatchProblem };

export { MAX_FILE_PATCH_BYTES };

const CHANGES_ARGS = [
  'diff',
  '--no-color',
  '--no-ext-diff',
  '--no-textconv',
  '-M',
  '-C',
  '--full-index',
  '--no-abbrev',
];

const whitespaceArgs = (options: DiffOptions) => (options.ignoreWhitespace ? ['--ignore-all-space'] : []);

export const changeKey = (file: { oldPath: string; newPath: string }): string =>
  `${file.oldPath}\0${file.newPath}`;

/** Every changed file from `from` to `to`, in git's order, with line counts. */
export async function listChangedFiles(
  gitDir: string,
  from: string,
  to: string,
  options: DiffOptions = {},
): Promise<ChangedFile[]> {
  const range = ['--end-of-options', from, to, '--'];
  const [raw, numstat] = await Promise.all([
    runGit(gitDir, [...CHANGES_ARGS, '--raw', '-z', ...range]),
    runGit(gitDir, [...CHANGES_ARGS, ...whitespaceArgs(options), '--numstat', '-z', ...range]),
  ]);
  const counts = parseNumstat(numstat.stdout.toString('utf8'));
  return parseRaw(raw.stdout.toString('utf8')).map((change) => {
    const count = counts.get(changeKey(change));
    // With -w a whitespace-only file is missing from numstat: nothing counts as changed.
    const [added, removed] = count ?? (options.ignoreWhitespace ? [0, 0] : [null, null]);
    return { ...change, addedLines: added, removedLines: removed };
  });
}

/** A changed file as `git diff --raw -z` lists it, before numstat counts its lines. */
type RawChange = Omit<ChangedFile, 'addedLines' | 'removedLines'>;

/** `git diff --raw -z`: `:mode mode sha sha STATUS\0path\0[path\0]`, safe for any file name. */
function parseRaw(raw: string): RawChange[] {
  const fields = raw.split('\0');
  const changes: RawChange[] = [];
  for (let i = 0; i < fields.length;) {
    const meta = fields[i++];
    if (!meta?.startsWith(':')) continue;
    const [aMode = '', bMode = '', oldBlobId = '', newBlobId = '', status = ''] = meta.slice(1).split(' ');
    const firstPath = fields[i++] ?? '';
    const twoPaths = status.startsWith('R') || status.startsWith('C');
    const secondPath = twoPaths ? (fields[i++] ?? '') : firstPath;
    changes.push({
      oldPath: firstPath,
      newPath: secondPath,
      aMode,
      bMode,
      oldBlobId,
      newBlobId,
      newFile: status === 'A',
      deletedFile: status === 'D',
      renamedFile: status.startsWith('R'),
      copiedFile: status.startsWith('C'),
    });
  }
  return changes;
}

/** The fields a {@link FileDiff} keeps of a listed change (GitLab's REST diff has no blob ids). */
const asFileChange = (change: RawChange): Omit<FileDiff, 'diff'> => ({
  oldPath: change.oldPath,
  newPath: change.newPath,
  aMode: change.aMode,
  bMode: change.bMode,
  newFile: change.newFile,
  renamedFile: change.renamedFile,
  deletedFile: change.deletedFile,
});

/** `--numstat -z`: `added\tremoved\tpath\0`, or `added\tremoved\t\0old\0new\0` for renames; `-` for binary. */
function parseNumstat(text: string): Map<string, [number | null, number | null]> {
  const counts = new Map<string, [number | null, number | null]>();
  const fields = text.split('\0');
  for (let i = 0; i < fields.length;) {
    const record = fields[i++] ?? '';
    const match = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(record);
    if (!match) continue;
    const [, added = '-', removed = '-', path = ''] = match;
    const oldPath = path === '' ? (fields[i++] ?? '') : path;
    const newPath = path === '' ? (fields[i++] ?? '') : path;
    const count = (value: string) => (value === '-' ? null : Number(value));
    counts.set(changeKey({ oldPath, newPath }), [count(added), count(removed)]);
  }
  return counts;
}

/**
 * The patches from `from` to `to`, one file at a time as git writes them. `paths` limits the diff
 * to those paths (both sides of a rename must be named for git to pair them).
 */
export async function* streamFilePatches(
  gitDir: string,
  from: string,
  to: string,
  options: DiffOptions & { paths?: string[]; maxFileBytes?: number } = {},
): AsyncGenerator<FilePatch> {
  const git = streamGit(
    [
      `--git-dir=${gitDir}`,
      ...CHANGES_ARGS,
      ...whitespaceArgs(options),
      '-p',
      '--end-of-options',
      from,
      to,
      '--',
      ...(options.paths ?? []),
    ],
    { env: literal },
  );
  git.stdin.end();
  const splitter = new PatchSplitter(options.maxFileBytes ?? MAX_FILE_PATCH_BYTES);
  const pairs = new TypeChangePairs();
  try {
    for await (const chunk of readBatches(git.stdout)) {
      for (const piece of splitter.push(chunk)) yield* pairs.push(toFilePatch(piece));
    }
    for (const piece of splitter.end()) yield* pairs.push(toFilePatch(piece));
    yield* pairs.end();
    const { code, stderr } = await git.exited;
    if (code !== 0) throw new GitError(['diff'], code, stderr);
  } finally {
    git.kill();
  }
}

/**
 * The patches of some listed files, keyed by {@link changeKey}. A file name that is not UTF-8
 * reaches us decoded with replacement characters and its bytes cannot be passed back to git as a
 * pathspec: for such files the whole diff is read until they have passed (git stops when the
 * reader does).
 */
export async function readFilePatches(
  gitDir: string,
  from: string,
  to: string,
  files: Array<Pick<ChangedFile, 'oldPath' | 'newPath'>>,
  options: DiffOptions = {},
): Promise<Map<string, FilePatch>> {
  const patches = new Map<string, FilePatch>();
  const lossy = (file: Pick<ChangedFile, 'oldPath' | 'newPath'>) =>
    isLossyPath(file.oldPath) || isLossyPath(file.newPath);
  const named = files.filter((file) => !lossy(file));
  if (named.length > 0) {
    const paths = [...new Set(named.flatMap((file) => [file.oldPath, file.newPath]))];
    for await (const patch of streamFilePatches(gitDir, from, to, { ...options, paths })) {
      patches.set(changeKey(patch), patch);
    }
  }
  const unnamed = new Set(files.filter(lossy).map(changeKey));
  if (unnamed.size === 0) return patches;
  for await (const patch of streamFilePatches(gitDir, from, to, options)) {
    const key = changeKey(patch);
    if (!unnamed.has(key)) continue;
    patches.set(key, patch);
    unnamed.delete(key);
    if (unnamed.size === 0) break;
  }
  return patches;
}

/** The size in bytes of each blob among `shas`, in one `cat-file --batch-check` call; others are left out. */
export async function blobSizes(gitDir: string, shas: string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  const unique = [...new Set(shas)];
  if (unique.length === 0) return sizes;
  const check = await runGit(gitDir, ['cat-file', '--batch-check'], { input: unique.join('\n') + '\n' });
  for (const line of check.stdout.toString('utf8').split('\n')) {
    const [sha = '', type, size] = line.split(' ');
    if (type === 'blob') sizes.set(sha, Number(size));
  }
  return sizes;
}

/**
 * Several blobs in one `cat-file --batch` call, skipping those over `maxBytes` (their size is
 * read first, so a huge blob is never loaded). Missing or non-blob objects are left out.
 */
export async function readBlobs(
  gitDir: string,
  shas: string[],
  maxBytes: number,
): Promise<Map<string, Buffer>> {
  const blobs = new Map<string, Buffer>();
  const sizes = await blobSizes(gitDir, shas);
  const wanted = [...sizes].filter(([, size]) => size <= maxBytes).map(([sha]) => sha);
  if (wanted.length === 0) return blobs;
  const { stdout } = await runGit(gitDir, ['cat-file', '--batch'], { input: wanted.join('\n') + '\n' });
  let at = 0;
  while (at < stdout.length) {
    const headerEnd = stdout.indexOf(0x0a, at);
    if (headerEnd < 0) break;
    const [sha = '', type, size] = stdout.subarray(at, headerEnd).toString('utf8').split(' ');
    if (type === undefined || size === undefined) break;
    const start = headerEnd + 1;
    const end = start + Number(size);
    if (type === 'blob') blobs.set(sha, stdout.subarray(start, end));
    at = end + 1;
  }
  return blobs;
}
