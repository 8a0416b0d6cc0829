import { assertNever } from '../lib/assertNever';
import { APPROVAL_RULE_TEXTS } from './approvalMessages';
import type {
  ApprovalRuleInput,
  ApprovalRuleKind,
  ApproverFilterSettings,
  MergeRequestPeople,
  UserId,
} from './approvalRules';
import { filterEligibleApprovers } from './eligibility';

export interface ApprovalStateInput {
  /** User-defined rules (any-approver and regular), then code owner and report approver rules. */
  readonly rules: readonly ApprovalRuleInput[];
  /** Everyone who approved, in approval order. */
  readonly approvedByIds: readonly UserId[];
  readonly people: MergeRequestPeople;
  readonly settings: ApproverFilterSettings;
  /** The target branch is protected with "Code owner approval" required. */
  readonly codeOwnerApprovalRequired: boolean;
  /** After a merge only the rules that were satisfied and valid are kept, as history. */
  readonly merged?: boolean;
  /** Code owner rules are being synced after a push: nothing counts as approved meanwhile. */
  readonly syncing?: boolean;
}

export interface ApprovalRuleState {
  readonly id: string | number;
  readonly kind: ApprovalRuleKind;
  readonly name: string;
  readonly section: string | null;
  /** Required approvals after GitLab's rules (code owner rules: 0, or at least 1). */
  readonly approvalsRequired: number;
  readonly approvalsLeft: number;
  readonly approved: boolean;
  /** More approvals are required than eligible approvers exist. */
  readonly invalid: boolean;
  /** An invalid rule counts as approved ("Rule automatically approved"), else it blocks. */
  readonly allowMergeWhenInvalid: boolean;
  readonly eligibleApproverIds: readonly UserId[];
  readonly approvedByIds: readonly UserId[];
  readonly fallback: boolean;
  readonly sourceRule: ApprovalRuleInput;
}

export interface ApprovalState {
  readonly rules: readonly ApprovalRuleState[];
  readonly approvalsRequired: number;
  readonly approvalsLeft: number;
  readonly approved: boolean;
  /** Some rule requires an approval: "approvals available" for the merge strategies. */
  readonly approvalNeeded: boolean;
  readonly approvedByIds: readonly UserId[];
  /** GitLab's `approvalState.invalidApproversRules`: rules nobody can satisfy as configured. */
  readonly invalidApproversRules: readonly { id: string | number; name: string }[];
  /** The rules still waiting, as the summary names them (any-approver only when it decides). */
  readonly rulesLeft: readonly ApprovalRuleState[];
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The approval state of a merge request, as GitLab's ApprovalState computes it: each rule's
 * eligible approvers (the settings' filters applied), its approvals left and whether it is
 * approved or invalid; overall, the required and missing approvals are the larger of the
 * named rules' sum and the any-approver rule's count, and the request is approved when every
 * rule is.
 */
export function computeApprovalState(input: ApprovalStateInput): ApprovalState {
  const all = input.rules.map((rule) => ruleState(rule, input));
  const invalidApprovers = input.rules.filter((rule, index) =>
    isInvalidApproversRule(rule, all[index]!, input),
  );
  const rules = input.merged
    ? all.filter((rule) => rule.approved && !invalidApprovers.includes(rule.sourceRule))
    : all;
  const named = rules.filter((rule) => rule.kind !== 'any_approver');
  const anyApprover = rules.filter((rule) => rule.kind === 'any_approver');
  const namedLeft = sum(named.map((rule) => rule.approvalsLeft));
  const anyLeft = sum(anyApprover.map((rule) => rule.approvalsLeft));
  const waiting = anyLeft <= namedLeft ? named : rules;
  return {
    rules,
    approvalsRequired: Math.max(
      sum(named.map((rule) => rule.approvalsRequired)),
      sum(anyApprover.map((rule) => rule.approvalsRequired)),
    ),
    approvalsLeft: Math.max(namedLeft, anyLeft),
    approved: !input.syncing && rules.every((rule) => rule.approved),
    approvalNeeded: rules.some((rule) => rule.approvalsRequired > 0),
    approvedByIds: [...new Set(input.approvedByIds)],
    invalidApproversRules: invalidApprovers.map((rule) => ({ id: rule.id, name: displayName(rule) })),
    rulesLeft: waiting.filter((rule) => !rule.approved),
  };
}

function ruleState(rule: ApprovalRuleInput, input: ApprovalStateInput): ApprovalRuleState {
  const eligible = eligibleApprovers(rule, input);
  const approvedBy = approvedApprovers(rule, eligible, input);
  const approvalsRequired = requiredApprovals(rule, eligible, input);
  const anyApprover = rule.kind === 'any_approver' || rule.kind === 'fallback';
  const invalid = !anyApprover && approvalsRequired > eligible.length;
  const failOpen = rule.failOpen ?? false;
  const allowMergeWhenInvalid = failOpen || !rule.fromSecurityPolicy;
  const approvalsLeft = invalid && failOpen ? 0 : Math.max(approvalsRequired - approvedBy.length, 0);
  return {
    id: rule.id,
    kind: rule.kind,
    name: displayName(rule),
    section: rule.section ?? null,
    approvalsRequired,
    approvalsLeft,
    approved: approvalsLeft <= 0 || (invalid && allowMergeWhenInvalid),
    invalid,
    allowMergeWhenInvalid,
    eligibleApproverIds: eligible,
    approvedByIds: approvedBy,
    fallback: rule.kind === 'fallback',
    sourceRule: rule,
  };
}

/** Any-approver and fallback rules name nobody: every eligible member may approve. */
function eligibleApprovers(rule: ApprovalRuleInput, input: ApprovalStateInput): UserId[] {
  if (rule.kind === 'any_approver' || rule.kind === 'fallback') return [];
  return filterEligibleApprovers(rule.approverIds, input.people, input.settings);
}

function approvedApprovers(
  rule: ApprovalRuleInput,
  eligible: readonly UserId[],
  input: ApprovalStateInput,
): UserId[] {
  const approved = [...new Set(input.approvedByIds)];
  switch (rule.kind) {
    case 'fallback':
      return approved;
    case 'any_approver':
      return filterEligibleApprovers(approved, input.people, input.settings);
    case 'regular':
    case 'report_approver':
    case 'code_owner':
      return eligible.filter((id) => approved.includes(id));
    default:
      return assertNever(rule.kind);
  }
}

/** Code owner rules require 1 (or their section's count) only where the branch asks for it. */
function requiredApprovals(
  rule: ApprovalRuleInput,
  eligible: readonly UserId[],
  input: ApprovalStateInput,
): number {
  if (rule.kind !== 'code_owner') return rule.approvalsRequired;
  if (!codeOwnerApprovalApplies(rule, input) || eligible.length === 0) return 0;
  return Math.max(rule.approvalsRequired, 1);
}

function codeOwnerApprovalApplies(rule: ApprovalRuleInput, input: ApprovalStateInput): boolean {
  return input.codeOwnerApprovalRequired && !rule.sectionOptional;
}

/**
 * GitLab's `invalid_approvers_rules`: a code owner rule without enough eligible owners on a
 * branch that requires their approval, or any other named rule asking more than its approvers.
 */
function isInvalidApproversRule(
  rule: ApprovalRuleInput,
  state: ApprovalRuleState,
  input: ApprovalStateInput,
): boolean {
  if (rule.kind === 'any_approver' || rule.kind === 'fallback') return false;
  const approvers = state.eligibleApproverIds.length;
  if (approvers > 0 && approvers >= state.approvalsRequired) return false;
  if (rule.kind === 'code_owner') return codeOwnerApprovalApplies(rule, input);
  return state.approvalsRequired > approvers;
}

function displayName(rule: ApprovalRuleInput): string {
  return rule.kind === 'any_approver' ? APPROVAL_RULE_TEXTS.allMembers : rule.name;
}
