import type { DiffsMetadata } from '../../../shared/api/diffs';

export type VersionOption = { value: string; label: string };

/** The compare-with choice for the target branch's merge base. */
export const BASE = 'base';

/**
 * Spec 2.7 version compare dropdowns: every version of the source ("latest version" first, each
 * with its commit count), and what to compare the shown one with: the base, or any older version.
 */
export function versionOptions(
  metadata: Pick<DiffsMetadata, 'merge_request_diffs' | 'merge_request_diff' | 'start_version'>,
) {
  const versions = metadata.merge_request_diffs;
  const shown = metadata.merge_request_diff ?? versions[0] ?? null;
  const commits = (count: number) => `${count} ${count === 1 ? 'commit' : 'commits'}`;
  const sources: VersionOption[] = versions.map((v) => ({
    value: String(v.id),
    label: `${v.latest ? 'latest version' : `version ${v.version_index}`} (${commits(v.commits_count)})`,
  }));
  const older = shown ? versions.filter((v) => v.version_index < shown.version_index) : [];
  const targets: VersionOption[] = [
    { value: BASE, label: 'base' },
    ...older.map((v) => ({ value: String(v.id), label: `version ${v.version_index}` })),
  ];
  return {
    sources,
    targets,
    source: shown ? String(shown.id) : null,
    target: metadata.start_version ? String(metadata.start_version.id) : BASE,
  };
}
