import { runnerStatus, type RunnerStatus } from './runnerStatus';

/** What GitLab's runner lists filter on. */
export type RunnerFilters = {
  scope?: 'active' | 'paused' | RunnerStatus;
  status?: 'active' | 'paused' | RunnerStatus;
  type?: 'instance_type' | 'group_type' | 'project_type';
  paused?: boolean;
  tag_list?: string[];
};

type Filterable = {
  runnerType: string;
  paused: boolean;
  tagList: string[];
  createdAt: Date;
  contactedAt: Date | null;
};

/** `active`/`paused` by the runner's switch, the others by its status from `contacted_at`. */
function hasScope(runner: Filterable, scope: NonNullable<RunnerFilters['scope']>, now: Date): boolean {
  if (scope === 'active') return !runner.paused;
  if (scope === 'paused') return runner.paused;
  return runnerStatus(runner, now).status === scope;
}

/** Whether a runner passes a list's filters; `tag_list` asks for every tag named. */
export function matchesRunnerFilters(runner: Filterable, filters: RunnerFilters, now: Date): boolean {
  if (filters.scope && !hasScope(runner, filters.scope, now)) return false;
  if (filters.status && !hasScope(runner, filters.status, now)) return false;
  if (filters.type && runner.runnerType !== filters.type) return false;
  if (filters.paused !== undefined && runner.paused !== filters.paused) return false;
  return (filters.tag_list ?? []).every((tag) => runner.tagList.includes(tag));
}
