/** Where a Changes tab URL points: a file, a line in a file, a note, or nothing in particular. */
export type DiffTarget =
  | { kind: 'none' }
  | { kind: 'file'; fileHash: string }
  | { kind: 'line'; fileHash: string; lineCode: string; oldLine: number; newLine: number }
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
