import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MergeRequestRuleJson, ProjectRuleJson } from '../../../shared/api/approvals';
import { request } from '../../api/client';
import { approvalKeys, approvalsApi } from './queries';

/** What the merge request's rule form sends (`POST`/`PUT .../merge_requests/:iid/approval_rules`). */
export type MergeRequestRuleBody = {
  name: string;
  approvals_required: number;
  user_ids: number[];
  group_ids: number[];
};

/** A rule as the merge request's form shows it: its own, or the project's it follows. */
export type ShownRule = (MergeRequestRuleJson | ProjectRuleJson) & { origin: 'merge_request' | 'project' };

/**
 * One change of the form. While the request follows the project's rules, the first change copies
 * them all onto the request (each naming its project rule), with the change applied: the request
 * then has its own rules, as GitLab's override does.
 */
export type RuleChange =
  | { kind: 'add'; body: MergeRequestRuleBody }
  | { kind: 'edit'; rule: ShownRule; body: MergeRequestRuleBody }
  | { kind: 'remove'; rule: ShownRule };

const rulesApi = (fullPath: string, iid: number) => `${approvalsApi(fullPath, iid)}/approval_rules`;
export const mergeRequestRulesKey = (fullPath: string, iid: number) =>
  [...approvalKeys.one(fullPath, iid), 'rules'] as const;

export function useMergeRequestRules(fullPath: string, iid: number) {
  return useQuery({
    queryKey: mergeRequestRulesKey(fullPath, iid),
    queryFn: ({ signal }) =>
      request<MergeRequestRuleJson[]>(rulesApi(fullPath, iid), { query: { per_page: 100 }, signal }),
  });
}

const copyBody = (rule: ShownRule) => ({
  name: rule.name,
  approvals_required: rule.approvals_required,
  approval_project_rule_id: rule.id,
  user_ids: rule.users.map((user) => user.id),
  group_ids: rule.groups.map((group) => group.id),
});

/** Applies one change: on the request's own rules directly, or by overriding the project's. */
export function useChangeMergeRequestRules(fullPath: string, iid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ change, shown }: { change: RuleChange; shown: ShownRule[] }) => {
      const api = rulesApi(fullPath, iid);
      const own = shown.every((rule) => rule.origin === 'merge_request');
      if (own || shown.length === 0) {
        if (change.kind === 'add') return request(api, { method: 'POST', body: change.body });
        if (change.kind === 'edit')
          return request(`${api}/${change.rule.id}`, { method: 'PUT', body: change.body });
        return request(`${api}/${change.rule.id}`, { method: 'DELETE' });
      }
      for (const rule of shown) {
        if (change.kind === 'remove' && rule.id === change.rule.id) continue;
        const body =
          change.kind === 'edit' && rule.id === change.rule.id
            ? { ...copyBody(rule), ...change.body }
            : copyBody(rule);
        await request(api, { method: 'POST', body });
      }
      if (change.kind === 'add') await request(api, { method: 'POST', body: change.body });
      return null;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalKeys.one(fullPath, iid) }),
  });
}
