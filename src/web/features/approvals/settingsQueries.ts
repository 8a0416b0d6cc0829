import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiApprovalSettingName, ApiApprovalSettings } from '../../../shared/approvals';
import type {
  ApplicationApprovalSettingsJson,
  CreateProjectRuleBody,
  ProjectApprovalsJson,
  ProjectRuleJson,
} from '../../../shared/api/approvals';
import type { Group } from '../../../shared/api/groups';
import type { Member } from '../../../shared/api/members';
import { request } from '../../api/client';
import { projectApi } from '../../lib/projectApi';

/** A project approval rule as GitLab's `GET /projects/:id/approval_rules` answers it. */
export type ProjectApprovalRule = ProjectRuleJson;

/** What the rule form sends (`POST` and `PUT .../approval_rules`). */
export type ApprovalRuleBody = Required<
  Pick<
    CreateProjectRuleBody,
    | 'name'
    | 'approvals_required'
    | 'user_ids'
    | 'group_ids'
    | 'protected_branch_ids'
    | 'applies_to_all_protected_branches'
  >
>;

export const approvalSettingsKeys = {
  rules: (fullPath: string) => ['approval-rules', fullPath] as const,
  settings: (target: SettingsTarget) => ['approval-settings', target.kind, target.fullPath] as const,
  instance: () => ['approval-settings', 'instance'] as const,
  projectApprovals: (fullPath: string) => ['project-approvals', fullPath] as const,
};

const rulesApi = (fullPath: string) => `${projectApi(fullPath)}/approval_rules`;
/** Whose approval settings a form edits: a project's or a group's (same API shape, GitLab's). */
export type SettingsTarget = { kind: 'projects' | 'groups'; fullPath: string };

const settingsApi = ({ kind, fullPath }: SettingsTarget) =>
  kind === 'projects'
    ? `${projectApi(fullPath)}/merge_request_approval_setting`
    : `/api/v4/groups/${encodeURIComponent(fullPath)}/merge_request_approval_setting`;

export function useProjectApprovalRules(fullPath: string) {
  return useQuery({
    queryKey: approvalSettingsKeys.rules(fullPath),
    queryFn: ({ signal }) =>
      request<ProjectApprovalRule[]>(rulesApi(fullPath), { query: { per_page: 100 }, signal }),
  });
}

/** Adds a rule (`id` null) or replaces one; the list is read again either way. */
export function useSaveApprovalRule(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ApprovalRuleBody }) =>
      id === null
        ? request<ProjectApprovalRule>(rulesApi(fullPath), { method: 'POST', body })
        : request<ProjectApprovalRule>(`${rulesApi(fullPath)}/${id}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalSettingsKeys.rules(fullPath) }),
  });
}

/** The project's approvals (`GET /projects/:id/approvals`): the fallback count, `approvals_before_merge`. */
export function useProjectApprovals(fullPath: string) {
  return useQuery({
    queryKey: approvalSettingsKeys.projectApprovals(fullPath),
    queryFn: ({ signal }) => request<ProjectApprovalsJson>(`${projectApi(fullPath)}/approvals`, { signal }),
  });
}

/**
 * The fallback rule's count: approvals from any eligible member, where no named rule applies
 * (GitLab's rule form saves a submission without name and approvers so).
 */
export function useSaveFallbackApprovals(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (approvalsBeforeMerge: number) =>
      request<ProjectApprovalsJson>(`${projectApi(fullPath)}/approvals`, {
        method: 'POST',
        body: { approvals_before_merge: approvalsBeforeMerge },
      }),
    onSuccess: (answer) => queryClient.setQueryData(approvalSettingsKeys.projectApprovals(fullPath), answer),
  });
}

export function useDeleteApprovalRule(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`${rulesApi(fullPath)}/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalSettingsKeys.rules(fullPath) }),
  });
}

export function useApprovalSettings(target: SettingsTarget) {
  return useQuery({
    queryKey: approvalSettingsKeys.settings(target),
    queryFn: ({ signal }) => request<ApiApprovalSettings>(settingsApi(target), { signal }),
  });
}

export function useUpdateApprovalSettings(target: SettingsTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<Record<ApiApprovalSettingName, boolean>>) =>
      request<ApiApprovalSettings>(settingsApi(target), { method: 'PUT', body }),
    onSuccess: (settings) => queryClient.setQueryData(approvalSettingsKeys.settings(target), settings),
  });
}

/** The instance's approval settings, among GitLab's application settings (administrators). */
export function useInstanceApprovalSettings() {
  return useQuery({
    queryKey: approvalSettingsKeys.instance(),
    queryFn: ({ signal }) =>
      request<ApplicationApprovalSettingsJson>('/api/v4/application/settings', { signal }),
  });
}

export function useUpdateInstanceApprovalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<ApplicationApprovalSettingsJson>) =>
      request<ApplicationApprovalSettingsJson>('/api/v4/application/settings', { method: 'PUT', body }),
    onSuccess: (settings) => queryClient.setQueryData(approvalSettingsKeys.instance(), settings),
  });
}

/** Protected branches whose name contains `search` (the rule form's target branch picker). */
export function useProtectedBranchSearch(fullPath: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['approval-rule-branches', fullPath, search] as const,
    queryFn: ({ signal }) =>
      request<{ id: number; name: string }[]>(`${projectApi(fullPath)}/protected_branches`, {
        query: { search: search || undefined, per_page: 20 },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Members who may be approvers, and groups, whose name matches `search`. */
export function useApproverSearch(fullPath: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['approver-candidates', fullPath, search] as const,
    queryFn: async ({ signal }) => {
      const query = { per_page: 20, search: search || undefined };
      const [users, groups] = await Promise.all([
        request<Member[]>(`${projectApi(fullPath)}/members/all`, {
          query: { query: search || undefined, per_page: 20 },
          signal,
        }),
        request<Group[]>('/api/v4/groups', { query, signal }),
      ]);
      return { users, groups };
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}
