export type DiffLineKind = 'hunk' | 'added' | 'removed' | 'context';

/** What a line of a unified diff is, for its colour. */
export function diffLineKind(line: string): DiffLineKind {
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('+')) return 'added';
  if (line.startsWith('-')) return 'removed';
  return 'context';
}
