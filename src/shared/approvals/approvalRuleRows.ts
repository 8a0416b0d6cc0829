import { DEFAULT_SECTION } from '../code-owners/sectionHeader';
import { APPROVAL_RULE_TEXTS, COVERAGE_CHECK_NAME, COVERAGE_CHECK_TEXTS, fill } from './approvalMessages';
import type { ApprovalReportType, ScanResultPolicySummary } from './approvalRules';
import type { WidgetRule } from './approvalsWidget';

export interface RuleRowInput extends WidgetRule {
  readonly scanResultPolicies?: readonly ScanResultPolicySummary[];
}

export interface RulePopover {
  readonly title: string;
  readonly text: string;
  readonly suggestions: readonly string[];
}

export interface RuleRow {
  readonly id: string | number;
  /** The name shown: the fallback rule is "All Members", a lone regular rule "Merge Request". */
  readonly name: string;
  /** Code owner patterns are shown in a monospace font. */
  readonly monospace: boolean;
  /** The CODEOWNERS section above the name, except for the default section. */
  readonly section: string | null;
  /** "Section: {section}", the section's accessible label. */
  readonly sectionLabel: string | null;
  /** The name's tooltip: why a security policy asks for approvals, or ''. */
  readonly tooltip: string;
  readonly approved: boolean;
  /** The any-approver rule lists nobody: "Any eligible user" with its "Who can approve?" popover. */
  readonly anyEligibleUser: { text: string; popoverTitle: string; popoverItems: readonly string[] } | null;
  /** The approvals column: "Auto approved", "Action required", "Optional" or "1 of 2". */
  readonly pending: { text: string; tone: 'danger' | 'muted' | null; popover: RulePopover | null };
  /** The narrow layout's line: "1 of 2 approvals from QA" or "0 approvals from QA". */
  readonly summary: string;
  readonly coverageCheck: { title: string; popover: string; learnMore: string } | null;
}

export interface RuleSection {
  /** '' for the rules above, "Code Owners" for the code owner rules. */
  readonly title: string;
  readonly rows: readonly RuleRow[];
}

/**
 * The expandable rules table: other rules first, in their order, then "Code Owners" with the
 * default section's rules first, then by pattern, then by section. Empty groups are left out.
 */
export function approvalRuleSections(rules: readonly RuleRowInput[], multipleRules: boolean): RuleSection[] {
  const codeOwners = rules.filter((rule) => rule.kind === 'code_owner');
  const others = rules.filter((rule) => rule.kind !== 'code_owner');
  const sorted = [...codeOwners].sort(
    (a, b) =>
      Number(b.section === DEFAULT_SECTION) - Number(a.section === DEFAULT_SECTION) ||
      compare(a.name, b.name) ||
      compare(a.section ?? '', b.section ?? ''),
  );
  return [
    { title: '', rows: others.map((rule) => approvalRuleRow(rule, multipleRules)) },
    {
      title: APPROVAL_RULE_TEXTS.codeOwners,
      rows: sorted.map((rule) => approvalRuleRow(rule, multipleRules)),
    },
  ].filter((section) => section.rows.length > 0);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function approvalRuleRow(rule: RuleRowInput, multipleRules: boolean): RuleRow {
  const section = rule.section && rule.section !== DEFAULT_SECTION ? rule.section : null;
  const count = rule.approvedByIds.length;
  return {
    id: rule.id,
    name: ruleDisplayName(rule, multipleRules),
    monospace: rule.kind === 'code_owner',
    section,
    sectionLabel: section === null ? null : fill(APPROVAL_RULE_TEXTS.section, { section }),
    tooltip: rule.scanResultPolicies ? securityPolicyRuleHelpText(rule.scanResultPolicies) : '',
    approved: rule.approved,
    anyEligibleUser:
      rule.kind === 'any_approver'
        ? {
            text: APPROVAL_RULE_TEXTS.anyEligibleUser,
            popoverTitle: APPROVAL_RULE_TEXTS.whoCanApprove,
            popoverItems: APPROVAL_RULE_TEXTS.eligibleApproversList,
          }
        : null,
    pending: pendingApprovals(rule),
    summary:
      rule.approvalsRequired === 0
        ? `${count} approvals from ${rule.name}`
        : `${count} of ${rule.approvalsRequired} approvals from ${rule.name}`,
    coverageCheck: rule.name === COVERAGE_CHECK_NAME ? COVERAGE_CHECK_TEXTS_ROW : null,
  };
}

const COVERAGE_CHECK_TEXTS_ROW = {
  title: COVERAGE_CHECK_TEXTS.title,
  popover: COVERAGE_CHECK_TEXTS.popover,
  learnMore: COVERAGE_CHECK_TEXTS.learnMore,
};

export function ruleDisplayName(rule: Pick<WidgetRule, 'kind' | 'name'>, multipleRules: boolean): string {
  if (rule.kind === 'fallback' || rule.kind === 'any_approver') return APPROVAL_RULE_TEXTS.allMembers;
  if (rule.kind === 'regular' && !multipleRules) return APPROVAL_RULE_TEXTS.mergeRequestRule;
  return rule.name;
}

/**
 * 002 §4: invalid and allowed to merge reads "Rule automatically approved"; invalid and not
 * allowed "Rule cannot be approved" (action required); otherwise approvals given of required;
 * nothing required reads optional.
 */
export function pendingApprovals(rule: RuleRowInput): RuleRow['pending'] {
  if (rule.invalid && rule.allowMergeWhenInvalid) {
    return {
      text: APPROVAL_RULE_TEXTS.autoApproved,
      tone: 'muted',
      popover: {
        title: APPROVAL_RULE_TEXTS.ruleAutomaticallyApproved,
        text: APPROVAL_RULE_TEXTS.ruleAutomaticallyApprovedText,
        suggestions: [APPROVAL_RULE_TEXTS.ruleAutomaticallyApprovedSuggestion],
      },
    };
  }
  if (rule.invalid) {
    return {
      text: APPROVAL_RULE_TEXTS.actionRequired,
      tone: 'danger',
      popover: {
        title: APPROVAL_RULE_TEXTS.ruleCannotBeApproved,
        text: fill(APPROVAL_RULE_TEXTS.ruleCannotBeApprovedText, { securityPolicy: rule.name }),
        suggestions: APPROVAL_RULE_TEXTS.ruleCannotBeApprovedSuggestions,
      },
    };
  }
  if (!rule.approvalsRequired) return { text: APPROVAL_RULE_TEXTS.optional, tone: null, popover: null };
  return { text: `${rule.approvedByIds.length} of ${rule.approvalsRequired}`, tone: null, popover: null };
}

const POLICY_REASONS: Partial<Record<ApprovalReportType, string>> = {
  SCAN_FINDING: 'a security scanner found vulnerabilities matching the criteria',
  LICENSE_SCANNING: 'a license scanner found license violations',
  ANY_MERGE_REQUEST: 'a merge request has been opened against a protected branch',
};

/** "This policy needs 2 approvals because a license scanner found license violations", or ''. */
export function securityPolicyRuleHelpText(policies: readonly ScanResultPolicySummary[]): string {
  const applicable = policies.filter((policy) => policy.approvalsRequired);
  if (applicable.length === 0) return '';
  const approvals = applicable[0]!.approvalsRequired;
  const reasons = [...new Set(applicable.map((policy) => policy.reportType))].map(
    (type) => POLICY_REASONS[type] ?? 'a security policy has been violated',
  );
  const because =
    reasons.length === 1 ? reasons[0]! : `${reasons.slice(0, -1).join(', ')} and ${reasons.at(-1)}`;
  return `This policy needs ${approvals} ${approvals === 1 ? 'approval' : 'approvals'} because ${because}`;
}
