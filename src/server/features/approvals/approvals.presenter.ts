import type {
  MergeRequestApprovalsJson,
  MergeRequestRuleJson,
  ProjectApprovalsJson,
  ProjectRuleJson,
} from '../../../shared/api/approvals';
import { ruleOverridden } from '../../../shared/approvals';
import type { Config } from '../../config';
import type { MergeRequestRecord } from '../merge-requests/merge-request-rows';
import { presentProtectedBranch } from '../protected-branches/protected-branches.presenter';
import { presentUserBasic } from '../users/user.presenter';
import type { MergeRequestRule, ProjectRule, RuleGroup } from './approval-rules.repo';
import type { ApprovalFacts } from './approval-state';
import type { ApprovalPerson, ApprovalSettingsValues } from './approvals.repo';
import type { RuleGroupsView } from './rule-group-visibility';
import type { MergeRequestApprovalState } from './approvals.service';

type Urls = Pick<Config, 'externalUrl'>;

export function presentRuleGroup(group: RuleGroup, config: Urls) {
  return {
    id: group.id,
    name: group.name,
    path: group.path,
    full_path: group.fullPath,
    full_name: group.name,
    visibility: group.visibility,
    web_url: `${config.externalUrl}/groups/${group.fullPath}`,
    avatar_url: null,
    description: '',
    parent_id: null,
  };
}

/** `GET /projects/:id/approvals`: the settings in GitLab's older names. */
export function presentProjectApprovals(settings: ApprovalSettingsValues): ProjectApprovalsJson {
  return {
    approvers: [],
    approver_groups: [],
    approvals_before_merge: settings.approvalsBeforeMerge,
    reset_approvals_on_push: settings.removeApprovalsWithNewCommit,
    selective_code_owner_removals: settings.selectiveCodeOwnerRemovals,
    disable_overriding_approvers_per_merge_request: settings.disableOverridingApproversPerMergeRequest,
    merge_requests_author_approval: !settings.preventApprovalByAuthor,
    merge_requests_disable_committers_approval: settings.preventApprovalByCommitAuthor,
    require_password_to_approve: settings.requirePasswordToApprove,
    require_reauthentication_to_approve: settings.requirePasswordToApprove,
  };
}

/** A rule as one viewer sees it: the groups they may read, and no approvers where some are hidden from them. */
type ShownRule<Rule> = {
  rule: Rule;
  users: ApprovalPerson[];
  eligible: ApprovalPerson[];
  groups: RuleGroup[];
  containsHiddenGroups: boolean;
};

function ruleBase(shown: ShownRule<ProjectRule | MergeRequestRule>, config: Urls) {
  const { rule } = shown;
  return {
    id: rule.id,
    name: rule.name,
    rule_type: rule.ruleType,
    report_type: rule.reportType,
    eligible_approvers: shown.eligible.map((user) => presentUserBasic(user, config)),
    approvals_required: rule.approvalsRequired,
    users: shown.users.map((user) => presentUserBasic(user, config)),
    groups: shown.groups.map((group) => presentRuleGroup(group, config)),
    contains_hidden_groups: shown.containsHiddenGroups,
  };
}

export function presentProjectRule(shown: ShownRule<ProjectRule>, config: Urls): ProjectRuleJson {
  return {
    ...ruleBase(shown, config),
    applies_to_all_protected_branches: shown.rule.appliesToAllProtectedBranches,
    protected_branches: shown.rule.protectedBranches.map(presentProtectedBranch),
  };
}

export function presentMergeRequestRule(
  shown: ShownRule<MergeRequestRule>,
  config: Urls,
): MergeRequestRuleJson {
  return {
    ...ruleBase(shown, config),
    ...sourceOf(shown.rule),
    section: null,
  };
}

/** GitLab's `source_rule` (the project rule's count) and whether the copy now differs from it. */
function sourceOf(rule: MergeRequestRule | undefined) {
  const source = rule?.sourceRule ?? null;
  if (!rule || !source) return { source_rule: null, overridden: false };
  const definition = { ...rule, groupIds: rule.groups.map((group) => group.id) };
  return {
    source_rule: { approvals_required: source.approvalsRequired },
    overridden: ruleOverridden(definition, source),
  };
}

/**
 * `GET .../approval_state`: each rule in force with its eligible approvers and who approved under
 * it; code owner and fallback rules have no stored row, so they show with what the state knows.
 */
export function presentApprovalState(
  facts: ApprovalFacts,
  groupViews: ReadonlyMap<number, RuleGroupsView>,
  config: Urls,
) {
  const person = (id: number) => facts.people.get(id);
  const users = (ids: readonly number[]) =>
    ids.flatMap((id) => {
      const found = person(id);
      return found ? [presentUserBasic(found, config)] : [];
    });
  const stored = new Map(facts.inForce.rules.map((rule) => [rule.id, rule]));
  return {
    approval_rules_overwritten: facts.inForce.overwritten,
    rules: facts.state.rules.map((rule) => {
      const row = typeof rule.id === 'number' ? stored.get(rule.id) : undefined;
      const view = typeof rule.id === 'number' ? groupViews.get(rule.id) : undefined;
      return {
        id: typeof rule.id === 'number' ? rule.id : 0,
        name: rule.name,
        rule_type: rule.kind,
        report_type: row?.reportType ?? null,
        eligible_approvers: view?.showApprovers === false ? [] : users(rule.eligibleApproverIds),
        approvals_required: rule.approvalsRequired,
        users: users(row?.userIds ?? []),
        groups: (view?.groups ?? []).map((group) => presentRuleGroup(group, config)),
        contains_hidden_groups: view?.containsHiddenGroups ?? false,
        ...sourceOf(row && 'sourceRule' in row ? row : undefined),
        section: rule.section,
        code_owner: rule.kind === 'code_owner',
        approved_by: users(rule.approvedByIds),
        approved: rule.approved,
      };
    }),
  };
}

/** GitLab's merge request approvals entity (`GET .../approvals`, and the answer to approve and unapprove). */
export function presentMergeRequestApprovals(
  record: MergeRequestRecord,
  view: MergeRequestApprovalState,
  config: Urls,
): MergeRequestApprovalsJson {
  const mr = record.mergeRequest;
  const { state } = view;
  return {
    id: mr.id,
    iid: mr.iid,
    project_id: mr.projectId,
    title: mr.title,
    description: mr.description,
    state: mr.state,
    created_at: mr.createdAt.toISOString(),
    updated_at: mr.updatedAt.toISOString(),
    merge_status: mr.mergeStatus,
    approved: state.approved,
    approvals_required: state.approvalsRequired,
    approvals_left: state.approvalsLeft,
    require_password_to_approve: view.settings.requirePasswordToApprove,
    approved_by: view.approvedBy.map(({ user, createdAt }) => ({
      user: presentUserBasic(user, config),
      approved_at: createdAt.toISOString(),
    })),
    suggested_approvers: [],
    approvers: [],
    approver_groups: [],
    user_has_approved: view.userHasApproved,
    user_can_approve: view.canApprove,
    approval_rules_left: state.rulesLeft.map((rule) => ({
      id: rule.id,
      name: rule.name,
      rule_type: rule.kind,
    })),
    has_approval_rules: state.rules.some((rule) => rule.kind !== 'fallback'),
    merge_request_approvers_available: true,
    multiple_approval_rules_available: true,
    invalid_approvers_rules: [...state.invalidApproversRules],
  };
}
