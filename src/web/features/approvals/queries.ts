import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MergeRequestApprovalsJson } from '../../../shared/api/approvals';
import { APPROVAL_ERROR_MESSAGES } from '../../../shared/approvals';
import { request } from '../../api/client';
import { mergeRequestsApi } from '../../lib/mergeRequests';
import { APPROVALS_QUERY, type ApprovalsData, type ApprovalsQueryAnswer } from './approvalsQuery';

export const approvalKeys = {
  one: (fullPath: string, iid: number) => ['approvals', fullPath, iid] as const,
  graphql: (fullPath: string, iid: number) => [...approvalKeys.one(fullPath, iid), 'graphql'] as const,
  rest: (fullPath: string, iid: number) => [...approvalKeys.one(fullPath, iid), 'rest'] as const,
};

export const approvalsApi = (fullPath: string, iid: number) => `${mergeRequestsApi(fullPath)}/${iid}`;

/**
 * The widget's GraphQL read; any failure is the spec's one alert (002 §8). A new `version` reads
 * it again, the last answer staying meanwhile.
 */
export function useApprovals(fullPath: string, iid: number, version: string | null) {
  return useQuery({
    queryKey: [...approvalKeys.graphql(fullPath, iid), version],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<ApprovalsData> => {
      const answer = await request<ApprovalsQueryAnswer>('/api/graphql', {
        method: 'POST',
        body: { query: APPROVALS_QUERY, variables: { projectPath: fullPath, iid: String(iid) } },
        signal,
      });
      const project = answer.data?.project;
      if (answer.errors?.length || !project?.mergeRequest)
        throw new Error(APPROVAL_ERROR_MESSAGES.fetchError);
      return project;
    },
  });
}

/** The REST approvals (`GET .../approvals`): the widget reads whether approving asks for the user's password. */
export function useApprovalsRest(fullPath: string, iid: number) {
  return useQuery({
    queryKey: approvalKeys.rest(fullPath, iid),
    queryFn: ({ signal }) =>
      request<MergeRequestApprovalsJson>(`${approvalsApi(fullPath, iid)}/approvals`, {
        signal,
      }),
  });
}
