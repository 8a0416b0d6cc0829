/** The approval rule kinds (002 §3), as GitLab's `rule_type`. */
export const APPROVAL_RULE_KINDS = [
  'fallback',
  'regular',
  'report_approver',
  'code_owner',
  'any_approver',
] as const;
export type ApprovalRuleKind = (typeof APPROVAL_RULE_KINDS)[number];

/** The report types a report approver rule may carry; the first three come from security policies. */
export const APPROVAL_REPORT_TYPES = [
  'SCAN_FINDING',
  'LICENSE_SCANNING',
  'ANY_MERGE_REQUEST',
  'CODE_COVERAGE',
] as const;
export type ApprovalReportType = (typeof APPROVAL_REPORT_TYPES)[number];

/** GitLab's cap on a rule's required approvals. */
export const APPROVALS_REQUIRED_MAX = 100;

export type UserId = number;

/**
 * A rule as the server resolved it for one merge request: who may approve under it, before the
 * author and committer filters of the approval settings apply.
 */
export interface ApprovalRuleInput {
  readonly id: string | number;
  readonly kind: ApprovalRuleKind;
  /** For a code owner rule, the CODEOWNERS pattern; '' for the fallback rule. */
  readonly name: string;
  /** The CODEOWNERS section of a code owner rule (`codeowners` for the default one). */
  readonly section?: string | null;
  /**
   * As configured. For a code owner rule: the section's `[n]` (0 when absent), which GitLab
   * raises to 1 when the branch requires code owner approval.
   */
  readonly approvalsRequired: number;
  /** Users named by the rule: its users, members of its groups and roles (active users only). */
  readonly approverIds: readonly UserId[];
  /** A code owner rule whose section is optional (`^[Section]`) never requires approval. */
  readonly sectionOptional?: boolean;
  /** A rule a security policy created: if nobody can satisfy it, it blocks the merge. */
  readonly fromSecurityPolicy?: boolean;
  /** A security policy that fails open: its rule is satisfied when nobody can satisfy it. */
  readonly failOpen?: boolean;
  readonly reportType?: ApprovalReportType | null;
  readonly scanResultPolicies?: readonly ScanResultPolicySummary[];
}

export interface ScanResultPolicySummary {
  readonly name: string;
  readonly approvalsRequired: number;
  readonly reportType: ApprovalReportType;
}

/** The settings that decide who may approve (their effective values for this merge request). */
export interface ApproverFilterSettings {
  readonly preventApprovalByAuthor: boolean;
  readonly preventApprovalByCommitAuthor: boolean;
}

/** The people the eligibility filters look at. */
export interface MergeRequestPeople {
  readonly authorId: UserId;
  /** Users who committed to the merge request or authored its commits. */
  readonly committerIds: readonly UserId[];
}

/** What a rule copied from a project rule is compared on. */
export interface RuleDefinition {
  readonly name: string;
  readonly approvalsRequired: number;
  readonly userIds: readonly number[];
  readonly groupIds: readonly number[];
}

const sameSet = (a: readonly number[], b: readonly number[]) => {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
};

/**
 * A merge request's rule is `overridden` when it no longer says what the project rule it was
 * copied from says: another name, count, or set of users or groups. A rule copied from none is not.
 */
export function ruleOverridden(rule: RuleDefinition, source: RuleDefinition | null): boolean {
  if (!source) return false;
  return (
    rule.name !== source.name ||
    rule.approvalsRequired !== source.approvalsRequired ||
    !sameSet(rule.userIds, source.userIds) ||
    !sameSet(rule.groupIds, source.groupIds)
  );
}
