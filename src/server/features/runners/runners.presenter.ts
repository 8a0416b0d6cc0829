import type { RunnerPageRow } from '../../../shared/api/runnerPages';
import type { RunnerDetailsJson, RunnerJson, RunnerRegistrationDetails } from '../../../shared/api/runners';
import { runnerStatus } from '../../../shared/ci/runnerStatus';
import type { RunnerRow } from './runners.repo';

/** GitLab's RunnerRegistrationDetails: where the runner's token is shown. */
export const presentRegistrationDetails = (runner: RunnerRow, token: string): RunnerRegistrationDetails => ({
  id: runner.id,
  token,
  token_expires_at: runner.tokenExpiresAt?.toISOString() ?? null,
});

/** GitLab's Runner entity. */
export function presentRunner(runner: RunnerRow, now: Date): RunnerJson {
  const { status, online } = runnerStatus(runner, now);
  return {
    id: runner.id,
    description: runner.description,
    ip_address: runner.ipAddress,
    active: !runner.paused,
    paused: runner.paused,
    is_shared: runner.runnerType === 'instance_type',
    runner_type: runner.runnerType,
    name: runner.name,
    online,
    status,
  };
}

/** A project of a runner as RunnerDetails shows it (GitLab's BasicProjectDetails, its identity). */
export type RunnerProject = {
  id: number;
  name: string;
  path: string;
  namespaceName: string;
  fullPath: string;
};
/** The group of a group runner. */
export type RunnerGroup = { id: number; name: string; webUrl: string };

/** GitLab's RunnerDetails: the runner with its settings, and the projects and group the viewer may see. */
export function presentRunnerDetails(
  runner: RunnerRow,
  now: Date,
  projects: RunnerProject[],
  groups: RunnerGroup[],
): RunnerDetailsJson {
  return {
    ...presentRunner(runner, now),
    tag_list: runner.tagList,
    run_untagged: runner.runUntagged,
    locked: runner.locked,
    maximum_timeout: runner.maximumTimeout,
    access_level: runner.accessLevel,
    version: runner.version,
    revision: runner.revision,
    platform: runner.platform,
    architecture: runner.architecture,
    contacted_at: runner.contactedAt?.toISOString() ?? null,
    maintenance_note: runner.maintenanceNote,
    created_at: runner.createdAt.toISOString(),
    projects: projects.map((project) => ({
      id: project.id,
      name: project.name,
      name_with_namespace: `${project.namespaceName} / ${project.name}`,
      path: project.path,
      path_with_namespace: project.fullPath,
    })),
    groups: groups.map((group) => ({ id: group.id, name: group.name, web_url: group.webUrl })),
  };
}

/** A row of a runners page: the runner's status and settings, and whether the viewer manages it. */
export function presentRunnerPageRow(runner: RunnerRow, now: Date, canManage: boolean): RunnerPageRow {
  return {
    id: runner.id,
    description: runner.description,
    runner_type: runner.runnerType,
    status: runnerStatus(runner, now).status,
    paused: runner.paused,
    tag_list: runner.tagList,
    run_untagged: runner.runUntagged,
    locked: runner.locked,
    access_level: runner.accessLevel,
    maximum_timeout: runner.maximumTimeout,
    contacted_at: runner.contactedAt?.toISOString() ?? null,
    created_at: runner.createdAt.toISOString(),
    version: runner.version,
    ip_address: runner.ipAddress,
    can_manage: canManage,
  };
}
