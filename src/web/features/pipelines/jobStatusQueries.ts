import { useQuery } from '@tanstack/react-query';
import type { CiStatus } from '../../../shared/ci/status/composite';
import type { DetailedStatusAction } from '../../../shared/ci/status/detailedStatus';
import { fetchPolled, type Polled } from '../../api/etags';
import type { JobItemStatus } from './JobItem';
import { isSettled, LIVE_POLL_MS, pipelineKeys } from './queries';

/** The detailed status fields a job item and the job page show, in GitLab's GraphQL names. */
const DETAILED_STATUS = `detailedStatus {
  icon label group tooltip detailsPath
  action { icon title path buttonTitle confirmationMessage }
}`;

const JOB_STATUSES_QUERY = `query getPipelineJobStatuses($fullPath: ID!, $id: CiPipelineID!) {
  project(fullPath: $fullPath) {
    pipeline(id: $id) { jobs(retried: false) { nodes { id status ${DETAILED_STATUS} } } }
  }
}`;

const JOB_STATUS_QUERY = `query getJobDetailedStatus($fullPath: ID!, $id: JobID!) {
  project(fullPath: $fullPath) { job(id: $id) { id status ${DETAILED_STATUS} } }
}`;

type GraphqlDetailedStatus = {
  icon: string;
  label: string;
  group: string;
  tooltip: string;
  detailsPath: string | null;
  action: {
    icon: string;
    title: string;
    path: string;
    buttonTitle: string;
    confirmationMessage: string | null;
  } | null;
};
type GraphqlJob = { id: string; status: string; detailedStatus: GraphqlDetailedStatus };
type Answer<T> = { data?: T; errors?: Array<{ message: string }> };

/** A job's detailed status as the server decides it (its action included), in the REST names. */
export type JobDetailedStatus = JobItemStatus & { status: CiStatus };

/**
 * Polls share the jobs that did not change (TanStack's structural sharing), so each keeps its
 * converted status too, and the graph's memoized items skip what a poll did not change.
 */
const converted = new WeakMap<GraphqlJob, JobDetailedStatus>();
function fromGraphql(job: GraphqlJob): JobDetailedStatus {
  let status = converted.get(job);
  if (!status) {
    status = convert(job);
    converted.set(job, status);
  }
  return status;
}

function convert(job: GraphqlJob): JobDetailedStatus {
  const { detailedStatus: status } = job;
  const action: DetailedStatusAction | undefined = status.action
    ? {
        icon: status.action.icon,
        title: status.action.title,
        path: status.action.path,
        method: 'post',
        button_title: status.action.buttonTitle,
        ...(status.action.confirmationMessage !== null
          ? { confirmation_message: status.action.confirmationMessage }
          : {}),
      }
    : undefined;
  return {
    status: job.status.toLowerCase() as CiStatus,
    icon: status.icon,
    label: status.label,
    group: status.group,
    tooltip: status.tooltip,
    details_path: status.detailsPath,
    ...(action ? { action } : {}),
  };
}

const jobIdOf = (globalId: string) => Number(globalId.split('/').at(-1));

/**
 * A GraphQL GET polled as GitLab's graph polls it: with the pipeline's resource ETag, so a poll
 * while nothing in the pipeline moved is a 304 the server answers without running the query.
 */
function fetchGraph<T>(
  query: string,
  variables: Record<string, unknown>,
  pipelineId: number,
  previous: Polled<Answer<T>> | undefined,
  signal: AbortSignal,
) {
  return fetchPolled<Answer<T>>('/api/graphql', previous, {
    query: { query, variables: JSON.stringify(variables) },
    headers: { 'x-gitlab-graphql-resource-etag': `/api/graphql:pipelines/id/${pipelineId}` },
    signal,
  });
}

function dataOf<T>(answer: Answer<T>): T {
  if (answer.errors?.length || !answer.data) throw new Error(answer.errors?.[0]?.message ?? 'Not found');
  return answer.data;
}

type PipelineJobsData = { project: { pipeline: { jobs: { nodes: GraphqlJob[] } } | null } | null };

/** Module-level, so that TanStack reruns it only when an answer changed. */
function statusesById(polled: Polled<Answer<PipelineJobsData>>): ReadonlyMap<number, JobDetailedStatus> {
  const jobs = dataOf(polled.body).project?.pipeline?.jobs.nodes ?? [];
  return new Map(jobs.map((job) => [jobIdOf(job.id), fromGraphql(job)]));
}

/**
 * Each current job's detailed status in a pipeline, by job id, for the graph's job items: read
 * from the server (the same `jobDetailedStatus` the stage dropdowns read), and polled while a job
 * still moves. Under the pipeline's jobs key, so a job action reads it again with the jobs.
 */
export function usePipelineJobStatuses(fullPath: string, pipelineId: number) {
  return useQuery({
    queryKey: [...pipelineKeys.jobs(fullPath, pipelineId), 'detailed-statuses'],
    queryFn: ({ signal, client, queryKey }) =>
      fetchGraph<PipelineJobsData>(
        JOB_STATUSES_QUERY,
        { fullPath, id: `gid://gitlab/Ci::Pipeline/${pipelineId}` },
        pipelineId,
        client.getQueryData(queryKey),
        signal,
      ),
    select: statusesById,
    refetchInterval: (query) => {
      const body = query.state.data?.body;
      const jobs = body?.data?.project?.pipeline?.jobs.nodes;
      if (!jobs) return false;
      return jobs.every((job) => isSettled(job.status.toLowerCase() as CiStatus)) ? false : LIVE_POLL_MS;
    },
  });
}

type JobData = { project: { job: GraphqlJob | null } | null };

function jobStatusOf(polled: Polled<Answer<JobData>>): JobDetailedStatus | null {
  const job = dataOf(polled.body).project?.job;
  return job ? fromGraphql(job) : null;
}

/** One job's detailed status (the job page's empty state and its action), polled while it moves. */
export function useJobDetailedStatus(fullPath: string, jobId: number, pipelineId: number) {
  return useQuery({
    queryKey: [...pipelineKeys.job(fullPath, jobId), 'detailed-status'],
    queryFn: ({ signal, client, queryKey }) =>
      fetchGraph<JobData>(
        JOB_STATUS_QUERY,
        { fullPath, id: `gid://gitlab/Ci::Build/${jobId}` },
        pipelineId,
        client.getQueryData(queryKey),
        signal,
      ),
    select: jobStatusOf,
    refetchInterval: (query) => {
      const status = query.state.data?.body.data?.project?.job?.status;
      return !status || isSettled(status.toLowerCase() as CiStatus) ? false : LIVE_POLL_MS;
    },
  });
}
