import type { DiffsMetadata } from '../../../shared/api/diffs';

export type VersionOption = { value: string; label: string };

/**
 * What the version dropdowns ask for: a version (none: the latest), compared with an older one or
 * the target's head; or the request's previously merged commits alone.
 */
export type VersionChoice = {
  diffId?: number;
  startSha?: string;
  diffHead?: boolean;
  contextCommits?: boolean;
};

/** The compare-with choice for the target branch's merge base. */
export const BASE = 'base';

/** The compare-with choice for the target branch's head as merged ("previously merged commits" left out). */
export const HEAD = 'HEAD';

/** The source choice for the request's previously merged commits (GitLab's context commits). */
export const CONTEXT_COMMITS = 'context-commits';

/**
 * Spec 2.7 version compare dropdowns: every version of the source ("latest version" first, each
 * with its commit count), and what to compare the shown one with: the target's head as merged
 * (latest version only, where the heads merge), its base, or any older version. The request's
 * previously merged commits follow the versions, only when it has some; shown, they are compared
 * with nothing else (their diff starts at the oldest one's parent).
 */
export function versionOptions(
  metadata: Pick<
    DiffsMetadata,
    | 'merge_request_diffs'
    | 'merge_request_diff'
    | 'start_version'
    | 'target_branch_name'
    | 'context_commits_diff'
  >,
  diffHead: boolean,
) {
  const versions = metadata.merge_request_diffs;
  const shown = metadata.merge_request_diff ?? versions[0] ?? null;
  const commits = (count: number) => `${count} ${count === 1 ? 'commit' : 'commits'}`;
  const sources: VersionOption[] = versions.map((v) => ({
    value: String(v.id),
    label: `${v.latest ? 'latest version' : `version ${v.version_index}`} (${commits(v.commits_count)})`,
  }));
  const context = metadata.context_commits_diff;
  if (context) {
    sources.push({
      value: CONTEXT_COMMITS,
      label: `previously merged commits (${commits(context.commits_count)})`,
    });
  }
  if (context?.showing_context_commits_diff) {
    return { sources, targets: [], source: CONTEXT_COMMITS, target: null };
  }
  const older = shown ? versions.filter((v) => v.version_index < shown.version_index) : [];
  const target = metadata.target_branch_name;
  const headComparable = Boolean(shown?.latest && shown.head_version_path);
  const targets: VersionOption[] = [
    ...(headComparable ? [{ value: HEAD, label: `${target} (HEAD)` }] : []),
    { value: BASE, label: `${target} (base)` },
    ...older.map((v) => ({ value: String(v.id), label: `version ${v.version_index}` })),
  ];
  const chosen = metadata.start_version ? String(metadata.start_version.id) : null;
  return {
    sources,
    targets,
    source: shown ? String(shown.id) : null,
    target: chosen ?? (diffHead && headComparable ? HEAD : BASE),
  };
}

/**
 * The dropdowns show wherever there is something to pick: another version (the oldest one shown
 * must still lead back to the latest) or something else to compare with.
 */
export const offersVersionChoice = (
  options: Pick<ReturnType<typeof versionOptions>, 'sources' | 'targets'>,
) => options.sources.length > 1 || options.targets.length > 1;
