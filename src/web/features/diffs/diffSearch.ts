import type { DiffLine } from '../../../shared/api/diffs';

export type SearchableFile = { file_hash: string; highlighted_diff_lines: readonly DiffLine[] };
export type DiffMatch = { fileHash: string; lineCode: string };

/**
 * Lines of the loaded files whose text contains `query` (any case), in page order. Browser find
 * cannot see lines that virtualization keeps out of the DOM; this search reads the data instead.
 */
export function findInDiff(files: readonly SearchableFile[], query: string): DiffMatch[] {
  const needle = query.toLowerCase();
  if (needle.trim() === '') return [];
  const matches: DiffMatch[] = [];
  for (const file of files) {
    for (const line of file.highlighted_diff_lines) {
      if (line.type === 'match' || !line.line_code) continue;
      // The first character is git's +, - or space, not the file's text.
      if (line.text.slice(1).toLowerCase().includes(needle)) {
        matches.push({ fileHash: file.file_hash, lineCode: line.line_code });
      }
    }
  }
  return matches;
}

/** The match after (or before) `index`, wrapping around as browser find does. */
export const stepMatch = (index: number, count: number, step: 1 | -1): number =>
  count === 0 ? 0 : (index + step + count) % count;
