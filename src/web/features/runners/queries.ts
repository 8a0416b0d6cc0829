import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RunnerOwnerType, RunnersPage } from '../../../shared/api/runnerPages';
import type { RUNNER_TYPES } from '../../../shared/api/runners';
import { request } from '../../api/client';

export const RUNNERS_PER_PAGE = 20;

/** Whose runners a page shows: the instance's, or a group's or project's by full path. */
export type RunnerOwner =
  { type: 'instance' } | { type: Exclude<RunnerOwnerType, 'instance'>; fullPath: string };

/** The status filters of a runners page (GitLab's `status` values), `all` for none. */
export const RUNNER_FILTERS = ['all', 'online', 'offline', 'stale', 'paused'] as const;
export type RunnerFilter = (typeof RUNNER_FILTERS)[number];

/** The runner scopes a page switches between (GitLab's `type` filter), `all` for every scope. */
export type RunnerScope = 'all' | (typeof RUNNER_TYPES)[number];

/** The scopes an owner's page offers: those of the runners it lists. */
export const RUNNER_SCOPES: Record<RunnerOwnerType, readonly RunnerScope[]> = {
  instance: ['all', 'instance_type', 'group_type', 'project_type'],
  group: ['all', 'group_type', 'project_type'],
  project: ['all', 'instance_type', 'group_type', 'project_type'],
};

const ownerKey = (owner: RunnerOwner) =>
  owner.type === 'instance' ? ['instance'] : [owner.type, owner.fullPath.toLowerCase()];

export const runnerKeys = {
  all: ['runners'] as const,
  page: (owner: RunnerOwner, filter: RunnerFilter, scope: RunnerScope, page: number) =>
    [...runnerKeys.all, ...ownerKey(owner), filter, scope, page] as const,
};

/** One page of an owner's runners (`GET /-/runners.json`); the server refuses those who may not manage them. */
export function useRunnersPage(owner: RunnerOwner, filter: RunnerFilter, scope: RunnerScope, page: number) {
  return useQuery({
    queryKey: runnerKeys.page(owner, filter, scope, page),
    queryFn: ({ signal }) =>
      request<RunnersPage>('/-/runners.json', {
        query: {
          owner_type: owner.type,
          owner: owner.type === 'instance' ? undefined : owner.fullPath,
          status: filter === 'all' ? undefined : filter,
          type: scope === 'all' ? undefined : scope,
          page,
          per_page: RUNNERS_PER_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    // Status follows the runners' contact: a runner registered meanwhile comes online on its own.
    refetchInterval: 30_000,
  });
}
