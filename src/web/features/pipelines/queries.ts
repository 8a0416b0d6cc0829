import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PipelineDetail, PipelinesPage } from '../../../shared/api/pipelinePages';
import type { Bridge, Job } from '../../../shared/api/pipelines';
import { ACTIVE_STATUSES, COMPLETED_STATUSES, type CiStatus } from '../../../shared/ci/status/composite';
import { request } from '../../api/client';
import { projectUrl } from '../projects/projectRoutes';
import { projectApi } from './pipelinePaths';

/** Pipelines on a page of a list (the page JSON's default too). */
export const PIPELINES_PAGE_SIZE = 20;

/** How often a page looks again while something on it still runs. */
export const LIVE_POLL_MS = 3_000;

/** A pipeline's or job's status after which nothing changes without someone acting. */
const SETTLED: readonly CiStatus[] = [...COMPLETED_STATUSES, 'manual', 'scheduled'];
export const isSettled = (status: CiStatus): boolean => SETTLED.includes(status);

/** GitLab cancels what has not finished yet. */
const CANCELABLE: readonly CiStatus[] = ['created', ...ACTIVE_STATUSES, 'scheduled'];
export const isCancelable = (status: CiStatus): boolean => CANCELABLE.includes(status);

export const pipelineKeys = {
  all: (fullPath: string) => ['pipelines', fullPath.toLowerCase()] as const,
  list: (fullPath: string, filters: PipelineFilters, page: number) =>
    [...pipelineKeys.all(fullPath), 'list', filters.ref ?? null, filters.scope ?? null, page] as const,
  detail: (fullPath: string, id: number) => [...pipelineKeys.all(fullPath), 'detail', id] as const,
  jobs: (fullPath: string, id: number) => [...pipelineKeys.detail(fullPath, id), 'jobs'] as const,
  job: (fullPath: string, id: number) => [...pipelineKeys.all(fullPath), 'job', id] as const,
  trace: (fullPath: string, id: number) => [...pipelineKeys.job(fullPath, id), 'trace'] as const,
};

const livePoll = (statuses: CiStatus[] | undefined): number | false =>
  statuses && statuses.every(isSettled) ? false : LIVE_POLL_MS;

/** The list's tabs other than All: GitLab's scopes (the newest pipeline of each branch or tag). */
export type PipelineScope = 'finished' | 'branches' | 'tags';

/** What a list shows: one ref's pipelines (a merge request's tab), or a scope's. */
export type PipelineFilters = { ref?: string; scope?: PipelineScope };

/** A page of a project's pipelines, polled while any runs. */
export function usePipelines(fullPath: string, page: number, filters: PipelineFilters = {}) {
  return useQuery({
    queryKey: pipelineKeys.list(fullPath, filters, page),
    queryFn: ({ signal }) =>
      request<PipelinesPage>(`${projectUrl(fullPath, 'pipelines')}.json`, {
        query: { page, per_page: PIPELINES_PAGE_SIZE, ref: filters.ref, scope: filters.scope },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => livePoll(query.state.data?.pipelines.map((p) => p.status)),
  });
}

export function usePipeline(fullPath: string, id: number) {
  return useQuery({
    queryKey: pipelineKeys.detail(fullPath, id),
    queryFn: ({ signal }) =>
      request<PipelineDetail>(`${projectUrl(fullPath, `pipelines/${id}`)}.json`, { signal }),
    refetchInterval: (query) => livePoll(query.state.data && [query.state.data.status]),
  });
}

/** A pipeline's current jobs in creation order (100: GitLab's largest page). */
export function usePipelineJobs(fullPath: string, id: number) {
  return useQuery({
    queryKey: pipelineKeys.jobs(fullPath, id),
    queryFn: ({ signal }) =>
      request<Job[]>(`${projectApi(fullPath)}/pipelines/${id}/jobs`, { query: { per_page: 100 }, signal }),
    refetchInterval: (query) => livePoll(query.state.data?.map((job) => job.status)),
  });
}

export function useJob(fullPath: string, id: number) {
  return useQuery({
    queryKey: pipelineKeys.job(fullPath, id),
    queryFn: ({ signal }) => request<Job>(`${projectApi(fullPath)}/jobs/${id}`, { signal }),
    refetchInterval: (query) => livePoll(query.state.data && [query.state.data.status]),
  });
}

/** The job's log; read again while the job runs (`running` tells whether it still does). */
export function useJobTrace(fullPath: string, id: number, running: boolean) {
  return useQuery({
    queryKey: pipelineKeys.trace(fullPath, id),
    queryFn: ({ signal }) =>
      request<string>(`${projectApi(fullPath)}/jobs/${id}/trace`, { signal, cache: 'no-store' }),
    refetchInterval: running ? LIVE_POLL_MS : false,
  });
}

/** A pipeline's trigger jobs (bridges), each with the downstream pipeline it created. */
export function usePipelineBridges(fullPath: string, id: number) {
  return useQuery({
    queryKey: [...pipelineKeys.detail(fullPath, id), 'bridges'] as const,
    queryFn: ({ signal }) =>
      request<Bridge[]>(`${projectApi(fullPath)}/pipelines/${id}/bridges`, {
        query: { per_page: 100 },
        signal,
      }),
    refetchInterval: (query) =>
      livePoll(
        query.state.data?.flatMap((bridge) => [
          bridge.status,
          bridge.downstream_pipeline?.status ?? 'success',
        ]),
      ),
  });
}

/** A downstream pipeline's jobs (GitLab's getDownstreamPipelineJobs), read when its card is expanded. */
export function useDownstreamJobs(fullPath: string, id: number, enabled: boolean) {
  return useQuery({
    queryKey: pipelineKeys.jobs(fullPath, id),
    queryFn: ({ signal }) =>
      request<Job[]>(`${projectApi(fullPath)}/pipelines/${id}/jobs`, { query: { per_page: 100 }, signal }),
    enabled,
    refetchInterval: (query) => livePoll(query.state.data?.map((job) => job.status)),
  });
}
