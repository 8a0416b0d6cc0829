import { diffStats, type StatsFile } from './diffStats';

/** Spec 2.7: files changed and the line counts, read out as "Added %d lines. Removed %d lines." */
export function DiffStatsBar({ files }: { files: readonly StatsFile[] }) {
  const stats = diffStats(files);
  return (
    <span className="diff-stats" aria-label={`${stats.files}. ${stats.label}`} role="status">
      <span className="diff-stats__files">{stats.files}</span>
      <span className="diff-stats__added" aria-hidden="true">
        +{stats.added}
      </span>
      <span className="diff-stats__removed" aria-hidden="true">
        −{stats.removed}
      </span>
    </span>
  );
}
