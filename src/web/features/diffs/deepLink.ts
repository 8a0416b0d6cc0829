/** Where a Changes tab URL points: a file, a line in a file, a note, or nothing in particular. */
export type DiffTarget =
  | { kind: 'none' }
  | { kind: 'file'; fileHash: string; noteId?: number }
  | { kind: 'line'; fileHash: string; lineCode: string; oldLine: number; newLine: number; noteId?: number }
  | { kind: 'note'; noteId: number };

const FILE_ANCHOR = /^#diff-content-([0-9a-f]{40})$/;
/** Spec 2: a line anchor is the line code: 40 hex characters (the file hash), old line, new line. */
const LINE_ANCHOR = /^#?([0-9a-f]{40})_(\d+)_(\d+)$/;
const NOTE_ANCHOR = /^#note_(\d+)$/;

/** Reads the target from `?file=` and the location hash; the hash wins when both are present. */
export function parseDiffTarget(search: string, hash: string): DiffTarget {
  const line = LINE_ANCHOR.exec(hash);
  if (line) {
    return {
      kind: 'line',
      fileHash: line[1]!,
      lineCode: `${line[1]}_${line[2]}_${line[3]}`,
      oldLine: Number(line[2]),
      newLine: Number(line[3]),
    };
  }
  const file = FILE_ANCHOR.exec(hash);
  if (file) return { kind: 'file', fileHash: file[1]! };
  const note = NOTE_ANCHOR.exec(hash);
  if (note) return { kind: 'note', noteId: Number(note[1]) };
  const fromQuery = new URLSearchParams(search).get('file');
  if (fromQuery && /^[0-9a-f]{40}$/.test(fromQuery)) return { kind: 'file', fileHash: fromQuery };
  return { kind: 'none' };
}

/** The anchor that links a file: `#diff-content-{file hash}`. */
export const fileAnchor = (fileHash: string): string => `diff-content-${fileHash}`;

type NotedDiscussion = {
  notes: ReadonlyArray<{ id: number }>;
  line_code: string | null;
  diff_file: { file_hash: string } | null;
};

/**
 * A `#note_{id}` link on the Changes tab, once threads are read: the line (or file) the note's
 * thread sits on, keeping the note to scroll to. Unchanged while the note is not among them.
 */
export function resolveNoteTarget(target: DiffTarget, discussions: readonly NotedDiscussion[]): DiffTarget {
  if (target.kind !== 'note') return target;
  const discussion = discussions.find((d) => d.notes.some((note) => note.id === target.noteId));
  if (!discussion?.diff_file) return target;
  const fileHash = discussion.diff_file.file_hash;
  const line = discussion.line_code ? LINE_ANCHOR.exec(discussion.line_code) : null;
  if (!line || line[1] !== fileHash) return { kind: 'file', fileHash, noteId: target.noteId };
  return {
    kind: 'line',
    fileHash,
    lineCode: discussion.line_code!,
    oldLine: Number(line[2]),
    newLine: Number(line[3]),
    noteId: target.noteId,
  };
}
