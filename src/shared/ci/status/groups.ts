import { compositeStatus, type CiStatus } from './composite';

/**
 * GitLab's `group_name`: what a parallel or matrix job is grouped under in a stage of the
 * pipeline graph. Up to three trailing `1/3`, `1:3`, `1 3` or `[a, b]` parts go
 * (`rspec 1/3` -> `rspec`, `build: [ruby, 3.2]` -> `build`).
 */
const GROUP_SUFFIX = /(?:[\s:]+(?:\[[^\]]*\]|\d+[\s:/\\]+\d+)){1,3}\s*$/;

/** Job names are at most 255 characters (GitLab's limit); a longer one is not trimmed. */
const MAX_NAME = 255;

export function groupName(name: string): string {
  if (name.length > MAX_NAME) return name.trim();
  return name.replace(GROUP_SUFFIX, '').trim();
}

/** GitLab's `sortable_name`: digits compare as numbers, so `rspec 2/10` comes before `rspec 10/10`. */
export function compareJobNames(a: string, b: string): number {
  const pieces = (name: string) => name.split(/(\d+)/).filter((piece) => piece !== '');
  const left = pieces(a);
  const right = pieces(b);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const x = left[i]!;
    const y = right[i]!;
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    const order = numeric ? Number(x) - Number(y) : x < y ? -1 : x > y ? 1 : 0;
    if (order !== 0) return order;
  }
  return left.length - right.length;
}

export type GroupableJob = { name: string; status: CiStatus; allowFailure: boolean };

/** A group of a stage: its name, its jobs in name order, and the status they compose. */
export type JobGroup<T extends GroupableJob> = {
  name: string;
  jobs: T[];
  status: CiStatus;
  warnings: boolean;
};

/**
 * A stage's jobs in GitLab's groups: jobs sorted by their sortable name, then grouped by group
 * name in the order each group first appears.
 */
export function jobGroups<T extends GroupableJob>(jobs: readonly T[]): Array<JobGroup<T>> {
  const sorted = [...jobs].sort((a, b) => compareJobNames(a.name, b.name));
  const byName = new Map<string, T[]>();
  for (const job of sorted) {
    const name = groupName(job.name);
    byName.set(name, [...(byName.get(name) ?? []), job]);
  }
  return [...byName].map(([name, members]) => {
    const composed = compositeStatus(members);
    return { name, jobs: members, status: composed.status ?? 'skipped', warnings: composed.warnings };
  });
}
