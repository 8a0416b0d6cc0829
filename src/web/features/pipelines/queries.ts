import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ArtifactsBrowse } from '../../../shared/api/artifactsBrowse';
import type { JobTrace } from '../../../shared/api/jobTrace';
import type {
  DownloadableArtifacts,
  PipelineDetail,
  PipelinesPage,
  StageJobs,
} from '../../../shared/api/pipelinePages';
import type { PipelineFilters as SearchFilters } from '../../../shared/ci/views/pipelineSearch';
import { pipelinePollDelay } from '../../../shared/polling/pollIntervals';
import { fetchPolled, pageVisibility, type Polled } from '../../api/etags';
import type { Bridge, Job } from '../../../shared/api/pipelines';
import { ACTIVE_STATUSES, COMPLETED_STATUSES, type CiStatus } from '../../../shared/ci/status/composite';
import { request } from '../../api/client';
import { requestAllPages } from '../../lib/pagination';
import { projectUrl } from '../projects/projectRoutes';
import { createJobLogParser, type JobLogParser } from './jobLog';
import { projectApi } from './pipelinePaths';
import { GraphqlAnswerError } from './graphLoadError';
import type { GraphqlError } from '../../../shared/ci/views/pipelineErrors';

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
    [...pipelineKeys.all(fullPath), 'list', filters, page] as const,
  detail: (fullPath: string, id: number) => [...pipelineKeys.all(fullPath), 'detail', id] as const,
  jobs: (fullPath: string, id: number) => [...pipelineKeys.detail(fullPath, id), 'jobs'] as const,
  job: (fullPath: string, id: number) => [...pipelineKeys.all(fullPath), 'job', id] as const,
  trace: (fullPath: string, id: number) => [...pipelineKeys.job(fullPath, id), 'trace'] as const,
  stage: (fullPath: string, id: number, stage: string) =>
    [...pipelineKeys.detail(fullPath, id), 'stage', stage] as const,
  artifacts: (fullPath: string, id: number) => [...pipelineKeys.detail(fullPath, id), 'artifacts'] as const,
  browse: (fullPath: string, id: number, path: string) =>
    [...pipelineKeys.job(fullPath, id), 'browse', path] as const,
};

/**
 * The spec's pipeline polling (8 s, ×1.2 for each poll that brought nothing new, up to four
 * minutes), with ETags so an unchanged poll is a bodiless 304; none from a hidden tab.
 */
const pipelinePoll = <T>(data: Polled<T> | undefined): number | false =>
  data ? (pipelinePollDelay(data.unchangedPolls, pageVisibility()) ?? false) : false;

/** Poll while any status may still move. */
export const livePoll = (statuses: CiStatus[] | undefined): number | false =>
  statuses && statuses.every(isSettled) ? false : LIVE_POLL_MS;

/** The list's tabs other than All: GitLab's scopes (the newest pipeline of each branch or tag). */
export type PipelineScope = 'finished' | 'branches' | 'tags';

/**
 * What a list shows: a scope's pipelines, narrowed by the filtered search's tokens; a merge
 * request's tab: its ref, and its own pipelines (on its `refs/merge-requests/:iid/...`).
 */
export type PipelineFilters = SearchFilters & {
  scope?: PipelineScope;
  sha?: string;
  merge_request_iid?: number;
};

/**
 * GitLab's `updateTable` after a run: a poll still under way is aborted (GitLab cancels it with
 * CANCEL_REQUEST, which it does not count as an error; a cancelled query here goes back to what it
 * had, with no error), then the project's pipelines are read again at once.
 */
export async function readPipelinesAgain(queryClient: QueryClient, fullPath: string): Promise<void> {
  await queryClient.cancelQueries({ queryKey: pipelineKeys.all(fullPath) });
  await queryClient.invalidateQueries({ queryKey: pipelineKeys.all(fullPath) });
}

/**
 * A page of a project's pipelines, polled by the spec's pipeline polling: new pipelines appear
 * and running ones move on, an unchanged list costs a 304.
 */
export function usePipelines(
  fullPath: string,
  page: number,
  filters: PipelineFilters = {},
  perPage = PIPELINES_PAGE_SIZE,
) {
  return useQuery({
    queryKey: [...pipelineKeys.list(fullPath, filters, page), perPage],
    queryFn: ({ signal, client, queryKey }) =>
      fetchPolled<PipelinesPage>(`${projectUrl(fullPath, 'pipelines')}.json`, client.getQueryData(queryKey), {
        query: { page, per_page: perPage, ...filters },
        signal,
      }),
    select: (data) => data.body,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => pipelinePoll(query.state.data),
  });
}

/** One pipeline, polled (with its ETag) until nothing in it moves without someone acting. */
export function usePipeline(fullPath: string, id: number) {
  return useQuery({
    queryKey: pipelineKeys.detail(fullPath, id),
    queryFn: ({ signal, client, queryKey }) =>
      fetchPolled<PipelineDetail>(
        `${projectUrl(fullPath, `pipelines/${id}`)}.json`,
        client.getQueryData(queryKey),
        {
          signal,
        },
      ),
    select: (data) => data.body,
    refetchInterval: (query) =>
      query.state.data && isSettled(query.state.data.body.status) ? false : pipelinePoll(query.state.data),
  });
}

/**
 * A stage's jobs for its dropdown: read when it opens and polled (with its ETag) while it stays
 * open; closing it unmounts the reader, which stops the polling.
 */
export function useStageJobs(fullPath: string, pipelineId: number, stage: string) {
  return useQuery({
    queryKey: pipelineKeys.stage(fullPath, pipelineId, stage),
    queryFn: ({ signal, client, queryKey }) =>
      fetchPolled<StageJobs>(
        `${projectUrl(fullPath, `pipelines/${pipelineId}/stage`)}.json`,
        client.getQueryData(queryKey),
        {
          query: { stage },
          signal,
        },
      ),
    select: (data) => data.body,
    refetchInterval: (query) => pipelinePoll(query.state.data),
    // A dropdown opened again reads afresh: a cached list may be minutes old.
    gcTime: 0,
  });
}

/**
 * The artifacts dropdown's entries and the exposed artifacts of a pipeline, read again when its
 * status moves (`status`: jobs upload as they finish).
 */
export function useDownloadableArtifacts(fullPath: string, pipelineId: number, status: string) {
  return useQuery({
    queryKey: [...pipelineKeys.artifacts(fullPath, pipelineId), status],
    queryFn: ({ signal }) =>
      request<DownloadableArtifacts>(
        `${projectUrl(fullPath, `pipelines/${pipelineId}/downloadable_artifacts`)}.json`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** A pipeline's current jobs in creation order (100: GitLab's largest page). */
export function usePipelineJobs(fullPath: string, id: number) {
  return useQuery({
    queryKey: pipelineKeys.jobs(fullPath, id),
    queryFn: ({ signal }) => requestAllPages<Job>(`${projectApi(fullPath)}/pipelines/${id}/jobs`, { signal }),
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

/** One folder of a job's artifacts archive, for the artifacts browser ('' is its root). */
export function useArtifactsFolder(fullPath: string, id: number, path: string) {
  return useQuery({
    queryKey: pipelineKeys.browse(fullPath, id, path),
    queryFn: ({ signal }) =>
      request<ArtifactsBrowse>(`${projectUrl(fullPath, `jobs/${id}/artifacts/browse`)}.json`, {
        query: { path },
        signal,
      }),
    // A missing archive or folder is the page's empty state, not a failure to retry.
    retry: false,
  });
}

/** A job's log as the page holds it: parsed so far, and where the next read starts. */
export type LiveJobLog = {
  parser: JobLogParser;
  /** The server's `state` of the last read: the next asks only for what came after. */
  state: string;
  complete: boolean;
  /** The log was too long to read whole: the page has its end. */
  truncated: boolean;
  /** Grows with each read that added to the log, so that the page draws it again. */
  version: number;
};

/**
 * The job's log, read from where the last read ended (`trace.json?state=`) while the job runs:
 * each read carries only the new lines, parsed onto what the page already has.
 */
export function useJobTrace(fullPath: string, id: number, running: boolean) {
  const queryClient = useQueryClient();
  const queryKey = pipelineKeys.trace(fullPath, id);
  return useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<LiveJobLog> => {
      const previous = queryClient.getQueryData<LiveJobLog>(queryKey);
      const answer = await request<JobTrace>(`${projectUrl(fullPath, `jobs/${id}/trace`)}.json`, {
        query: { state: previous?.state },
        signal,
        cache: 'no-store',
      });
      const appended = answer.append && previous !== undefined;
      if (appended && answer.content === '' && answer.complete === previous.complete) return previous;
      const parser = appended ? previous.parser : createJobLogParser();
      parser.push(answer.content);
      if (answer.complete) parser.end();
      return {
        parser,
        state: answer.state,
        complete: answer.complete,
        truncated: answer.truncated || (appended && previous.truncated),
        version: (previous?.version ?? 0) + 1,
      };
    },
    // The parsed log grows in place; its version says when it changed.
    structuralSharing: false,
    refetchInterval: running ? LIVE_POLL_MS : false,
  });
}

/** The last `lines` lines of a finished job's log, parsed as the job page parses it (a failure's tail). */
export function useJobLogTail(fullPath: string, id: number, lines: number) {
  return useQuery({
    queryKey: [...pipelineKeys.trace(fullPath, id), 'tail', lines],
    queryFn: async ({ signal }): Promise<LiveJobLog> => {
      const answer = await request<JobTrace>(`${projectUrl(fullPath, `jobs/${id}/trace`)}.json`, { signal });
      const parser = createJobLogParser();
      parser.push(answer.content.replace(/\n$/, '').split('\n').slice(-lines).join('\n'));
      parser.end();
      return { parser, state: answer.state, complete: true, truncated: answer.truncated, version: 1 };
    },
    structuralSharing: false,
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
    queryFn: ({ signal }) => requestAllPages<Job>(`${projectApi(fullPath)}/pipelines/${id}/jobs`, { signal }),
    enabled,
    refetchInterval: (query) => livePoll(query.state.data?.map((job) => job.status)),
  });
}

const PIPELINE_NEEDS_QUERY = `query getPipelineNeeds($fullPath: ID!, $id: CiPipelineID!) {
  project(fullPath: $fullPath) {
    pipeline(id: $id) {
      usesNeeds
      jobs {
        nodes {
          name
          previousStageJobsOrNeeds { nodes { ... on CiBuildNeed { name } ... on CiJob { name } } }
        }
      }
    }
  }
}`;

type PipelineNeedsAnswer = {
  data?: {
    project: {
      pipeline: {
        usesNeeds: boolean | null;
        jobs: {
          nodes: Array<{ name: string; previousStageJobsOrNeeds: { nodes: Array<{ name: string }> } }>;
        };
      } | null;
    } | null;
  };
  errors?: GraphqlError[];
};

/**
 * What the graph's "Job dependencies" view lays jobs out by: whether the pipeline uses `needs`,
 * and each job's needs (or the jobs of the stage before), from the GraphQL pipeline graph.
 */
export function usePipelineNeeds(fullPath: string, id: number) {
  return useQuery({
    queryKey: [...pipelineKeys.jobs(fullPath, id), 'needs'],
    queryFn: async ({ signal }) => {
      const answer = await request<PipelineNeedsAnswer>('/api/graphql', {
        method: 'POST',
        body: {
          query: PIPELINE_NEEDS_QUERY,
          variables: { fullPath, id: `gid://gitlab/Ci::Pipeline/${id}` },
        },
        signal,
      });
      const pipeline = answer.data?.project?.pipeline;
      if (answer.errors?.length || !pipeline)
        throw new GraphqlAnswerError(answer.errors?.length ? answer.errors : [{ message: 'Not found' }]);
      return {
        usesNeeds: pipeline.usesNeeds === true,
        needs: new Map(
          pipeline.jobs.nodes.map((job) => [
            job.name,
            job.previousStageJobsOrNeeds.nodes.map((need) => need.name),
          ]),
        ),
      };
    },
  });
}
