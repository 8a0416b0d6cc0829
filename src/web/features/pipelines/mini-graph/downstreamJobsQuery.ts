import { useQuery } from '@tanstack/react-query';
import type { StageJob } from '../../../../shared/api/pipelinePages';
import type { GraphqlError } from '../../../../shared/ci/views/pipelineErrors';
import { CI_STATUSES, type CiStatus } from '../../../../shared/ci/status/composite';
import { request } from '../../../api/client';
import { GraphqlAnswerError } from '../graphLoadError';
import { sortDownstreamJobs } from '../downstreamPipelines';
import { livePoll, pipelineKeys } from '../queries';

/** GitLab's query of a mini graph's downstream dropdown, by the pipeline's id (the widget knows no iid). */
const DOWNSTREAM_PIPELINE_JOBS_QUERY = `query getDownstreamPipelineJobs($fullPath: ID!, $id: CiPipelineID!) {
  project(fullPath: $fullPath) {
    pipeline(id: $id) {
      id
      jobs {
        nodes {
          id name status
          detailedStatus {
            id group icon label text tooltip detailsPath hasDetails favicon
            action { id buttonTitle confirmationMessage icon path title }
          }
        }
      }
    }
  }
}`;

type GraphqlJob = {
  id: string;
  name: string;
  status: string;
  detailedStatus: {
    group: string;
    icon: string;
    label: string;
    text: string;
    tooltip: string;
    detailsPath: string | null;
    hasDetails: boolean;
    favicon: string;
    action: {
      buttonTitle: string | null;
      confirmationMessage: string | null;
      icon: string;
      path: string;
      title: string;
    } | null;
  };
};
type Answer = {
  data?: { project: { pipeline: { jobs: { nodes: GraphqlJob[] } } | null } | null };
  errors?: GraphqlError[];
};

const statusOf = (status: string): CiStatus => {
  const lower = status.toLowerCase();
  return (CI_STATUSES as readonly string[]).includes(lower) ? (lower as CiStatus) : 'created';
};

/** A GraphQL job in the shape the stage dropdown's job item reads, so both dropdowns share it. */
function toStageJob(job: GraphqlJob): StageJob {
  const status = job.detailedStatus;
  return {
    id: Number(job.id.split('/').at(-1)),
    name: job.name,
    status: statusOf(job.status),
    detailed_status: {
      icon: status.icon,
      text: status.text,
      label: status.label,
      group: status.group,
      tooltip: status.tooltip,
      has_details: status.hasDetails,
      details_path: status.detailsPath,
      illustration: null,
      favicon: status.favicon,
      action: status.action
        ? {
            icon: status.action.icon,
            title: status.action.title,
            path: status.action.path,
            method: 'post',
            button_title: status.action.buttonTitle ?? status.action.title,
            ...(status.action.confirmationMessage
              ? { confirmation_message: status.action.confirmationMessage }
              : {}),
          }
        : undefined,
    },
  };
}

/**
 * A downstream pipeline's jobs for its mini graph dropdown, failed first, then manual, then
 * success (spec 002 section 2); read while the dropdown is open, polled while any may move.
 */
export function useDownstreamPipelineJobs(fullPath: string, pipelineId: number) {
  return useQuery({
    queryKey: [...pipelineKeys.detail(fullPath, pipelineId), 'downstream-dropdown'] as const,
    queryFn: async ({ signal }) => {
      const answer = await request<Answer>('/api/graphql', {
        method: 'POST',
        body: {
          query: DOWNSTREAM_PIPELINE_JOBS_QUERY,
          variables: { fullPath, id: `gid://gitlab/Ci::Pipeline/${pipelineId}` },
        },
        signal,
      });
      const pipeline = answer.data?.project?.pipeline;
      if (answer.errors?.length || !pipeline)
        throw new GraphqlAnswerError(answer.errors?.length ? answer.errors : [{ message: 'Not found' }]);
      return sortDownstreamJobs(pipeline.jobs.nodes.map(toStageJob));
    },
    refetchInterval: (query) => livePoll(query.state.data?.map((job) => job.status)),
    gcTime: 0,
  });
}
