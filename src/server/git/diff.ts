import { MAX_FILE_PATCH_BYTES } from '../../shared/diff/diffLimits';
import { isLossyPath } from '../../shared/diff/gitPath';
import { parseFilePatch, type ParsedDiffFile } from '../../shared/diff/parsePatch';
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

type RawChange = Omit<FileDiff, 'diff'>;

/** `git diff --raw -z`: `:mode mode sha sha STATUS\0path\0[path\0]`, safe for any file name. */
function parseRaw(raw: string): RawChange[] {
  const fields = raw.split('\0');
  const changes: RawChange[] = [];
  for (let i = 0; i < fields.length;) {
    const meta = fields[i++];
    if (!meta?.startsWith(':')) continue;
    const [aMode = '', bMode = '', , , status = ''] = meta.slice(1).split(' ');
    const firstPath = fields[i++] ?? '';
    const twoPaths = status.startsWith('R') || status.startsWith('C');
    const secondPath = twoPaths ? (fields[i++] ?? '') : firstPath;
    changes.push({
      oldPath: firstPath,
      newPath: secondPath,
      aMode,
      bMode,
      newFile: status === 'A',
      renamedFile: status.startsWith('R'),
      deletedFile: status === 'D',
    });
  }
  return changes;
}

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
  const listed = changes.slice(0, options.maxFiles ?? changes.length);
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

/** Why a file's lines are not shown: git found it binary, it is over the size limit, or unreadable. */
export type PatchProblem = 'binary' | 'too_large' | 'non_utf8' | 'control_characters';

export type FilePatch = ParsedDiffFile & { problem: PatchProblem | null; patchBytes: number };

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
  return parseRawRecords(raw.stdout.toString('utf8')).map((change) => {
    const count = counts.get(changeKey(change));
    // With -w a whitespace-only file is missing from numstat: nothing counts as changed.
    const [added, removed] = count ?? (options.ignoreWhitespace ? [0, 0] : [null, null]);
    return { ...change, addedLines: added, removedLines: removed };
  });
}

function parseRawRecords(raw: string): Array<Omit<ChangedFile, 'addedLines' | 'removedLines'>> {
  const fields = raw.split('\0');
  const changes: Array<Omit<ChangedFile, 'addedLines' | 'removedLines'>> = [];
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

/**
 * A path whose type changed (a symbolic link replaced by a file, or the other way round) is one
 * change in git's listing (`T`) but two patches in its output, the old side deleted and the new
 * one added. They are put back together, so the file has all its lines under its one key.
 */
class TypeChangePairs {
  private held: FilePatch | null = null;

  *push(patch: FilePatch): Generator<FilePatch> {
    const held = this.held;
    this.held = null;
    if (held && patch.newFile && patch.newPath === held.oldPath) {
      yield joinTypeChange(held, patch);
      return;
    }
    if (held) yield held;
    if (patch.deletedFile) this.held = patch;
    else yield patch;
  }

  *end(): Generator<FilePatch> {
    if (this.held) yield this.held;
    this.held = null;
  }
}

function joinTypeChange(removed: FilePatch, added: FilePatch): FilePatch {
  const problem = removed.problem ?? added.problem;
  return {
    ...added,
    aMode: removed.aMode,
    oldBlobId: removed.oldBlobId,
    newFile: false,
    modeChanged: true,
    binary: removed.binary || added.binary,
    removedLines: removed.removedLines,
    lines: problem ? [] : [...removed.lines, ...added.lines],
    problem,
    patchBytes: removed.patchBytes + added.patchBytes,
  };
}

type RawFilePatch = { bytes: Buffer; size: number; truncated: boolean };

const HEADER = Buffer.from('diff --git ');
const NEWLINE_HEADER = Buffer.from('\ndiff --git ');
const NEWLINE = 0x0a;

/**
 * Cuts a stream of patch bytes into files at `diff --git` lines. Only complete lines are judged
 * (content lines always start with ` `, `+`, `-` or `\`, so a header cannot be mistaken), and a
 * file past `maxBytes` keeps only its head, which is enough for its header fields.
 */
class PatchSplitter {
  private carry: Buffer = Buffer.alloc(0);
  private current: { pieces: Buffer[]; kept: number; size: number } | null = null;
  /** The carry was dropped mid-line, so the next bytes do not start a line. */
  private midLine = false;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): RawFilePatch[] {
    const data = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const lastNewline = data.lastIndexOf(NEWLINE);
    const done: RawFilePatch[] = [];
    if (lastNewline < 0) {
      this.carry = data;
      if (this.carry.length > this.maxBytes) this.spillCarry();
      return done;
    }
    const complete = data.subarray(0, lastNewline + 1);
    let start = 0;
    if (!this.midLine && complete.subarray(0, HEADER.length).equals(HEADER)) this.startFile(done);
    this.midLine = false;
    for (;;) {
      const found = complete.indexOf(NEWLINE_HEADER, start);
      if (found < 0) break;
      this.append(complete.subarray(start, found + 1));
      start = found + 1;
      this.startFile(done);
    }
    this.append(complete.subarray(start));
    this.carry = Buffer.from(data.subarray(lastNewline + 1));
    if (this.carry.length > this.maxBytes) this.spillCarry();
    return done;
  }

  end(): RawFilePatch[] {
    const done: RawFilePatch[] = [];
    this.append(this.carry);
    this.carry = Buffer.alloc(0);
    this.finishFile(done);
    return done;
  }

  /** A line longer than the limit: it is counted, not kept, and the file is already too large. */
  private spillCarry(): void {
    if (this.current) this.current.size += this.carry.length;
    this.carry = Buffer.alloc(0);
    this.midLine = true;
  }

  private startFile(done: RawFilePatch[]): void {
    this.finishFile(done);
    this.current = { pieces: [], kept: 0, size: 0 };
  }

  private finishFile(done: RawFilePatch[]): void {
    if (!this.current) return;
    const { pieces, size } = this.current;
    const bytes = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
    done.push({ bytes, size, truncated: size > this.maxBytes });
    this.current = null;
  }

  private append(bytes: Buffer): void {
    if (!this.current || bytes.length === 0) return;
    this.current.size += bytes.length;
    if (this.current.kept >= this.maxBytes) return;
    const room = this.maxBytes - this.current.kept;
    // A view, not a copy: each batch read from git is a buffer of its own, never reused.
    const kept = bytes.length <= room ? bytes : bytes.subarray(0, room);
    this.current.pieces.push(kept);
    this.current.kept += kept.length;
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
/**
 * C0 controls other than tab, line feed, vertical tab, form feed, carriage return and escape, and
 * DEL (git quotes such bytes in paths, so headers never hold one). Looked for in the bytes, one
 * `memchr` per control: seven times faster than a regular expression over the text, and the same
 * answer, since UTF-8 never uses bytes below 0x80 inside a multi-byte character.
 */
const CONTROL_BYTES = [
  ...[0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08],
  ...[0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a],
  ...[0x1c, 0x1d, 0x1e, 0x1f, 0x7f],
];
const hasControlBytes = (bytes: Buffer) => CONTROL_BYTES.some((byte) => bytes.includes(byte));

function toFilePatch(raw: RawFilePatch): FilePatch {
  if (raw.truncated) {
    const text = raw.bytes.toString('utf8');
    const hunkStart = text.search(/^@@ /m);
    const header = parseFilePatch(hunkStart < 0 ? text : text.slice(0, hunkStart));
    return { ...header, problem: 'too_large', patchBytes: raw.size };
  }
  let text: string;
  let problem: PatchProblem | null = null;
  try {
    text = utf8.decode(raw.bytes);
  } catch {
    text = raw.bytes.toString('utf8');
    problem = 'non_utf8';
  }
  const parsed = parseFilePatch(text);
  if (parsed.binary) problem = 'binary';
  else if (!problem && hasControlBytes(raw.bytes)) problem = 'control_characters';
  // Added to the parsed object rather than spread into a copy, which V8 would give slow properties.
  return Object.assign(parsed, { lines: problem ? [] : parsed.lines, problem, patchBytes: raw.size });
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
    const headerEnd = stdout.indexOf(NEWLINE, at);
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
