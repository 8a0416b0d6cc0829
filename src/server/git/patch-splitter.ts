import { parseFilePatch, type ParsedDiffFile } from '../../shared/diff/parsePatch';

/*
 * git's patch output cut into files as it streams: at `diff --git` lines, with a size limit per
 * file, each file decoded and judged (binary, too large, not UTF-8, control characters), and the
 * two halves of a type change put back together.
 */

/** Why a file's lines are not shown: git found it binary, it is over the size limit, or unreadable. */
export type PatchProblem = 'binary' | 'too_large' | 'non_utf8' | 'control_characters';

export type FilePatch = ParsedDiffFile & { problem: PatchProblem | null; patchBytes: number };

/**
 * A path whose type changed (a symbolic link replaced by a file, or the other way round) is one
 * change in git's listing (`T`) but two patches in its output, the old side deleted and the new
 * one added. They are put back together, so the file has all its lines under its one key.
 */
export class TypeChangePairs {
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

export type RawFilePatch = { bytes: Buffer; size: number; truncated: boolean };

const HEADER = Buffer.from('diff --git ');
const NEWLINE_HEADER = Buffer.from('\ndiff --git ');
const NEWLINE = 0x0a;

/**
 * Cuts a stream of patch bytes into files at `diff --git` lines. Only complete lines are judged
 * (content lines always start with ` `, `+`, `-` or `\`, so a header cannot be mistaken), and a
 * file past `maxBytes` keeps only its head, which is enough for its header fields.
 */
export class PatchSplitter {
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

export function toFilePatch(raw: RawFilePatch): FilePatch {
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
