import type { DiffLineType } from '../api/diffs';
import { unquoteGitPath } from './gitPath';
import { parseLfsPointer } from './lfsPointer';
import { fileHash, lineCode } from './lineCode';

/** One line of a file's diff, before highlighting (the server adds `rich_text`). */
export type ParsedDiffLine = {
  line_code: string | null;
  type: DiffLineType | null;
  old_line: number | null;
  new_line: number | null;
  text: string;
  meta_data: { old_pos: number; new_pos: number } | null;
};

/** One file of `git diff` patch output: its header fields and its lines. */
export type ParsedDiffFile = {
  oldPath: string;
  newPath: string;
  aMode: string;
  bMode: string;
  newFile: boolean;
  deletedFile: boolean;
  renamedFile: boolean;
  copiedFile: boolean;
  modeChanged: boolean;
  /** "Binary files ... differ" (or a binary patch): git found a NUL byte, there are no lines. */
  binary: boolean;
  /** A gitlink (mode 160000): the lines are `Subproject commit <sha>`. */
  submodule: boolean;
  /** The file is a Git LFS pointer on the side that exists last. */
  lfsPointer: boolean;
  /** Blob ids from the `index` line (abbreviated unless git ran with `--full-index`). */
  oldBlobId: string;
  newBlobId: string;
  addedLines: number;
  removedLines: number;
  lines: ParsedDiffLine[];
};

const ZERO_MODE = '0';

/** Splits `git diff -p` output into one chunk per file (a `diff --git` header starts each). */
export function splitPatch(patch: string): string[] {
  return patch.split(/^(?=diff --git )/m).filter((chunk) => chunk.startsWith('diff --git '));
}

/** Parses every file of `git diff -p` output. */
export function parsePatch(patch: string): ParsedDiffFile[] {
  return splitPatch(patch).map(parseFilePatch);
}

/**
 * `a/x b/y` of a `diff --git` line. Either side may be C-quoted; unquoted sides with spaces are
 * only ambiguous when the paths differ, and then `rename from`/`---` lines name them anyway, so
 * the equal-halves reading is the one git itself uses.
 */
function headerPaths(rest: string): { oldPath: string; newPath: string } {
  const quoted = readQuoted(rest);
  if (quoted) {
    const second = rest.slice(quoted.length + 1);
    return { oldPath: stripPrefix(unquoteGitPath(quoted)), newPath: stripPrefix(unquoteGitPath(second)) };
  }
  const quotedSecond = / "b\/.*"$/.exec(rest);
  if (quotedSecond) {
    return {
      oldPath: stripPrefix(rest.slice(0, quotedSecond.index)),
      newPath: stripPrefix(unquoteGitPath(quotedSecond[0].slice(1))),
    };
  }
  const half = (rest.length - 1) / 2;
  if (Number.isInteger(half) && rest.slice(2, half) === rest.slice(half + 3)) {
    const path = rest.slice(2, half);
    return { oldPath: path, newPath: path };
  }
  const split = rest.indexOf(' b/');
  return { oldPath: stripPrefix(rest.slice(0, split)), newPath: stripPrefix(rest.slice(split + 1)) };
}

/** A leading `"..."` token (with escaped quotes inside), or null. */
function readQuoted(text: string): string | null {
  if (!text.startsWith('"')) return null;
  for (let i = 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return text.slice(0, i + 1);
  }
  return null;
}

function stripPrefix(path: string): string {
  return path.replace(/^[ab]\//, '');
}

/** A path of a `---`/`+++` line; null for /dev/null. */
function sidePath(text: string): string | null {
  const name = unquoteGitPath(text.replace(/\t$/, ''));
  return name === '/dev/null' ? null : stripPrefix(name);
}

/** Parses one file's chunk of `git diff -p` output (see {@link splitPatch}). */
export function parseFilePatch(chunk: string): ParsedDiffFile {
  const rows = chunk.split('\n');
  if (rows[rows.length - 1] === '') rows.pop();
  const { oldPath, newPath } = headerPaths(rows[0]!.slice('diff --git '.length));
  // One literal, not spread from `headerPaths`: V8 gave the spread-built object slow properties,
  // and the whole parse of a large diff took four times as long.
  const file: ParsedDiffFile = {
    oldPath,
    newPath,
    aMode: ZERO_MODE,
    bMode: ZERO_MODE,
    newFile: false,
    deletedFile: false,
    renamedFile: false,
    copiedFile: false,
    modeChanged: false,
    binary: false,
    submodule: false,
    lfsPointer: false,
    oldBlobId: '',
    newBlobId: '',
    addedLines: 0,
    removedLines: 0,
    lines: [],
  };
  let i = 1;
  for (; i < rows.length && !rows[i]!.startsWith('@@'); i++) readHeaderRow(file, rows[i]!);
  if (file.aMode === ZERO_MODE && !file.newFile) file.aMode = file.bMode;
  if (file.bMode === ZERO_MODE && !file.deletedFile) file.bMode = file.aMode;
  file.modeChanged = !file.newFile && !file.deletedFile && file.aMode !== file.bMode;
  file.submodule = file.aMode === '160000' || file.bMode === '160000';
  readLines(file, rows, i);
  file.lfsPointer = isLfsPointer(file.lines, file.deletedFile ? 'old' : 'new');
  return file;
}

const HEADER_KEYS = [
  'old mode',
  'new mode',
  'new file mode',
  'deleted file mode',
  'rename from',
  'rename to',
  'copy from',
  'copy to',
  'index',
] as const;

/** Each key with the space that follows it, made once rather than per header row. */
const HEADER_PREFIXES = HEADER_KEYS.map((name) => [name, `${name} `] as const);

function readHeaderRow(file: ParsedDiffFile, row: string): void {
  const key = HEADER_PREFIXES.find(([, prefix]) => row.startsWith(prefix))?.[0] ?? '';
  const value = row.slice(key.length + 1);
  if (row.startsWith('--- ')) {
    const path = sidePath(row.slice(4));
    if (path !== null) file.oldPath = path;
  } else if (row.startsWith('+++ ')) {
    const path = sidePath(row.slice(4));
    if (path !== null) file.newPath = path;
  } else if (row.startsWith('Binary files ') || row === 'GIT binary patch') {
    file.binary = true;
  } else if (key === 'old mode') file.aMode = value;
  else if (key === 'new mode') file.bMode = value;
  else if (key === 'new file mode') Object.assign(file, { newFile: true, bMode: value });
  else if (key === 'deleted file mode') Object.assign(file, { deletedFile: true, aMode: value });
  else if (key === 'rename from') Object.assign(file, { renamedFile: true, oldPath: unquoteGitPath(value) });
  else if (key === 'rename to') Object.assign(file, { renamedFile: true, newPath: unquoteGitPath(value) });
  else if (key === 'copy from') Object.assign(file, { copiedFile: true, oldPath: unquoteGitPath(value) });
  else if (key === 'copy to') Object.assign(file, { copiedFile: true, newPath: unquoteGitPath(value) });
  else if (key === 'index') {
    const [ids = '', mode] = value.split(' ');
    const [oldId = '', newId = ''] = ids.split('..');
    Object.assign(file, { oldBlobId: oldId, newBlobId: newId });
    if (mode) Object.assign(file, { aMode: mode, bMode: mode });
  }
}

const HUNK_HEADER = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

// A row's first character decides its kind; read as a code, not a one-letter string per row.
const AT = 0x40;
const BACKSLASH = 0x5c;
const PLUS = 0x2b;
const MINUS = 0x2d;

const diffLine = (
  line_code: string | null,
  type: DiffLineType | null,
  old_line: number | null,
  new_line: number | null,
  text: string,
  meta_data: ParsedDiffLine['meta_data'],
): ParsedDiffLine => ({ line_code, type, old_line, new_line, text, meta_data });

/**
 * GitLab's diff parser: positions count from each hunk header, a hunk header at the top of the
 * file is not shown, and line codes use the position on both sides (the next old line for an
 * addition, the next new line for a removal).
 */
function readLines(file: ParsedDiffFile, rows: string[], start: number): void {
  const hash = fileHash(file.newPath);
  const lines = file.lines;
  let oldPos = 0;
  let newPos = 0;
  let previous: DiffLineType | null = null;
  for (let i = start; i < rows.length; i++) {
    const text = rows[i]!;
    const first = text.charCodeAt(0);
    const header = first === AT ? HUNK_HEADER.exec(text) : null;
    if (header) {
      oldPos = Number(header[1]);
      newPos = Number(header[2]);
      previous = 'match';
      if (oldPos <= 1 && newPos <= 1) continue;
      lines.push(diffLine(null, 'match', null, null, text, { old_pos: oldPos, new_pos: newPos }));
    } else if (first === BACKSLASH) {
      const type = previous === 'old' ? 'old-nonewline' : 'new-nonewline';
      lines.push(diffLine(null, type, null, null, text, null));
    } else if (first === PLUS) {
      lines.push(diffLine(lineCode(hash, oldPos, newPos), 'new', null, newPos, text, null));
      file.addedLines++;
      newPos++;
      previous = 'new';
    } else if (first === MINUS) {
      lines.push(diffLine(lineCode(hash, oldPos, newPos), 'old', oldPos, null, text, null));
      file.removedLines++;
      oldPos++;
      previous = 'old';
    } else {
      lines.push(diffLine(lineCode(hash, oldPos, newPos), null, oldPos, newPos, text, null));
      oldPos++;
      newPos++;
      previous = null;
    }
  }
}

/** A pointer is a handful of lines; a longer diff cannot be one, and is not scanned. */
const MAX_POINTER_DIFF_LINES = 12;

/** Whether the lines of one side spell a Git LFS pointer (version, oid sha256, size). */
function isLfsPointer(lines: ParsedDiffLine[], side: 'old' | 'new'): boolean {
  if (lines.length > MAX_POINTER_DIFF_LINES) return false;
  const content = lines
    .filter((line) => line.type === null || line.type === side)
    .map((line) => `${line.text.slice(1)}\n`);
  return parseLfsPointer(content.join('')) !== null;
}
