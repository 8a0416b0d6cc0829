import {
  approvalsWidgetMode,
  type ApprovalRuleKind,
  type ApprovalsWidgetInput,
  type RuleRowInput,
} from '../../../shared/approvals';
import type { ApprovalsData, GraphqlApprovalRule, GraphqlUser } from './approvalsQuery';

/** `gid://gitlab/User/7` -> 7. */
export const userIdOf = (user: Pick<GraphqlUser, 'id'>): number => Number(user.id.split('/').pop());

const KINDS: Record<GraphqlApprovalRule['type'], ApprovalRuleKind> = {
  REGULAR: 'regular',
  CODE_OWNER: 'code_owner',
  REPORT_APPROVER: 'report_approver',
  ANY_APPROVER: 'any_approver',
  FALLBACK: 'fallback',
};

/** A rule of the query as the widget's rules read it. */
export function widgetRuleOf(rule: GraphqlApprovalRule): RuleRowInput {
  return {
    id: rule.id,
    kind: KINDS[rule.type],
    name: rule.name ?? '',
    section: rule.section,
    approved: rule.approved,
    approvalsRequired: rule.approvalsRequired,
    invalid: rule.invalid,
    allowMergeWhenInvalid: rule.allowMergeWhenInvalid,
    approvedByIds: rule.approvedBy.nodes.map(userIdOf),
    scanResultPolicies: rule.scanResultPolicies,
  };
}

/**
 * The widget's facts from its query. Rules are always available here, so the widget is the full
 * one unless no rule applies and no password is asked (then the basic one, 002 §2).
 */
export function approvalsWidgetInput(
  data: ApprovalsData,
  facts: { currentUserId: number | null; requirePasswordToApprove: boolean },
): ApprovalsWidgetInput {
  const mr = data.mergeRequest;
  const rules = mr.approvalState.rules.map(widgetRuleOf);
  const rulesApply = rules.some((rule) => rule.kind !== 'fallback' || rule.approvalsRequired > 0);
  return {
    mode: approvalsWidgetMode(rulesApply || facts.requirePasswordToApprove),
    currentUserId: facts.currentUserId,
    mergeRequestState: mr.state,
    approversAvailable: true,
    multipleApprovalRulesAvailable: true,
    requirePasswordToApprove: facts.requirePasswordToApprove,
    requireSamlAuthToApprove: false,
    disableCommittersApproval: data.mergeRequestsDisableCommittersApproval,
    approved: mr.approved,
    approvalsLeft: mr.approvalsLeft,
    approvalsRequired: mr.approvalsRequired,
    approvedByIds: mr.approvedBy.nodes.map(userIdOf),
    committerIds: mr.committers.nodes.map(userIdOf),
    canApprove: mr.userPermissions.canApprove,
    rules,
  };
}
