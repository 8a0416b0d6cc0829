/** What the stats bar needs of each file. */
export type StatsFile = { added_lines: number; removed_lines: number };

export type DiffStats = { files: string; added: number; removed: number; label: string };

/** Spec 2.7: the number of files (singular or plural) and the added and removed line counts. */
export function diffStats(files: readonly StatsFile[]): DiffStats {
  let added = 0;
  let removed = 0;
  for (const file of files) {
    added += file.added_lines;
    removed += file.removed_lines;
  }
  return {
    files: files.length === 1 ? '1 file' : `${files.length.toLocaleString('en-US')} files`,
    added,
    removed,
    label: `Added ${added} lines. Removed ${removed} lines.`,
  };
}
