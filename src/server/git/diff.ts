import { runGit } from './run-git';

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
