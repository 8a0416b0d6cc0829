import type { WidgetState } from '../merge-widget/widgetState';
import {
  APPROVAL_ERROR_MESSAGES,
  APPROVAL_RULE_TEXTS,
  APPROVAL_SETTINGS_LABELS,
  APPROVALS_WIDGET_TEXTS,
} from './approvalMessages';
import type { PolicyApprovalSettingKey } from './approvalSettings';
import type { ApprovalRuleKind, UserId } from './approvalRules';

/**
 * `full`: rules, the rules footer and the password check (GitLab's approvals with rules);
 * `base`: approvals without rules (GitLab's `approvalsWidgetType` "base"): no footer, no
 * password, and nothing is ever required.
 */
export type ApprovalsWidgetMode = 'full' | 'base';

/** Full approvals wherever approval rules are available to the project, basic otherwise. */
export function approvalsWidgetMode(approvalRulesAvailable: boolean): ApprovalsWidgetMode {
  return approvalRulesAvailable ? 'full' : 'base';
}

/** A rule as the widget reads it (an `ApprovalRuleState` or the GraphQL rule). */
export interface WidgetRule {
  readonly id: string | number;
  readonly kind: ApprovalRuleKind;
  readonly name: string;
  readonly section: string | null;
  readonly approved: boolean;
  readonly approvalsRequired: number;
  readonly invalid: boolean;
  readonly allowMergeWhenInvalid: boolean;
  readonly approvedByIds: readonly UserId[];
}

export interface ApprovalsWidgetInput {
  readonly mode: ApprovalsWidgetMode;
  readonly currentUserId: UserId | null;
  readonly mergeRequestState: 'opened' | 'closed' | 'merged' | 'locked';
  /** The approval rules feature is on for the project (`mergeRequestApproversAvailable`). */
  readonly approversAvailable: boolean;
  readonly multipleApprovalRulesAvailable: boolean;
  readonly requirePasswordToApprove: boolean;
  readonly requireSamlAuthToApprove: boolean;
  /** Committers may not approve (`mergeRequestsDisableCommittersApproval`). */
  readonly disableCommittersApproval: boolean;
  readonly approved: boolean;
  readonly approvalsLeft: number;
  readonly approvalsRequired: number;
  /** Everyone who approved, in approval order. */
  readonly approvedByIds: readonly UserId[];
  readonly committerIds: readonly UserId[];
  /** `userPermissions.canApprove` for the viewer. */
  readonly canApprove: boolean;
  readonly rules: readonly WidgetRule[];
}

/** Approvals show in the merge widget except while it prepares or has nothing to merge. */
export function showApprovalsSection(state: WidgetState | null): boolean {
  return state !== 'preparing' && state !== 'nothingToMerge';
}

const hasApproved = (input: ApprovalsWidgetInput) =>
  input.currentUserId !== null && input.approvedByIds.includes(input.currentUserId);

/** Approve: the viewer has not approved, may approve, and the merge request is open. */
export function showApprove(input: ApprovalsWidgetInput): boolean {
  return !hasApproved(input) && input.canApprove && input.mergeRequestState === 'opened';
}

/** Revoke: the viewer approved, may no longer approve (having approved), and it is not merged. */
export function showRevoke(input: ApprovalsWidgetInput): boolean {
  return hasApproved(input) && !input.canApprove && input.mergeRequestState !== 'merged';
}

/** The approval is optional: nobody approved and nothing is required (never required in base). */
export function isApprovalOptional(input: ApprovalsWidgetInput): boolean {
  const required = input.mode === 'base' ? 0 : input.approvalsRequired;
  return input.approvedByIds.length === 0 && required === 0;
}

export type ApprovalsAction =
  | {
      readonly kind: 'approve';
      readonly text: string;
      /** Secondary once every required approval is given. */
      readonly category: 'primary' | 'secondary';
      readonly variant: 'confirm';
      /** Clicking opens the password modal (`approvals-auth`) instead of approving. */
      readonly needsPassword: boolean;
      /** The button submits the SAML approval form instead. */
      readonly viaSaml: boolean;
    }
  | { readonly kind: 'revoke'; readonly text: string; readonly variant: 'default' };

/** The one approval button the viewer gets, if any. */
export function approvalsAction(input: ApprovalsWidgetInput): ApprovalsAction | null {
  if (showApprove(input)) {
    const allGiven = input.approvalsLeft === 0 && input.approvedByIds.length > 0;
    const saml = input.requireSamlAuthToApprove;
    const text = allGiven
      ? saml
        ? APPROVALS_WIDGET_TEXTS.approveAdditionallyWithSaml
        : APPROVALS_WIDGET_TEXTS.approveAdditionally
      : saml
        ? APPROVALS_WIDGET_TEXTS.approveWithSaml
        : APPROVALS_WIDGET_TEXTS.approve;
    return {
      kind: 'approve',
      text,
      category: input.approvalsLeft === 0 ? 'secondary' : 'primary',
      variant: 'confirm',
      needsPassword: needsPassword(input),
      viaSaml: saml,
    };
  }
  if (showRevoke(input)) return { kind: 'revoke', text: APPROVALS_WIDGET_TEXTS.revoke, variant: 'default' };
  return null;
}

/** The password modal is only part of full approvals. */
export function needsPassword(
  input: Pick<ApprovalsWidgetInput, 'mode' | 'requirePasswordToApprove'>,
): boolean {
  return input.mode === 'full' && input.requirePasswordToApprove;
}

/** The rules table under the summary exists in full approvals only. */
export function showRulesFooter(input: Pick<ApprovalsWidgetInput, 'mode'>): boolean {
  return input.mode === 'full';
}

/** What a failed approval shows: with a password, 401 marks the password invalid, else an alert. */
export function approveFailure(failure: {
  withPassword: boolean;
  status: number | null;
}): { kind: 'passwordInvalid'; fieldMessage: string } | { kind: 'alert'; message: string } {
  if (failure.withPassword && failure.status === 401) {
    return { kind: 'passwordInvalid', fieldMessage: APPROVAL_ERROR_MESSAGES.passwordInvalid };
  }
  return { kind: 'alert', message: APPROVAL_ERROR_MESSAGES.approveError };
}

/** "Why can't I approve?": committers may not approve and the viewer added commits. */
export function whyCantIApprove(input: ApprovalsWidgetInput): { linkText: string; popover: string } | null {
  const committed = input.currentUserId !== null && input.committerIds.includes(input.currentUserId);
  if (!input.disableCommittersApproval || !committed) return null;
  return {
    linkText: APPROVALS_WIDGET_TEXTS.whyCantIApprove,
    popover: APPROVALS_WIDGET_TEXTS.committerCantApprove,
  };
}

/** "Assign reviewers", for those who administer the merge request where approvers exist. */
export function assignReviewersAction(facts: {
  adminMergeRequest: boolean;
  approversAvailable: boolean;
}): string | null {
  return facts.adminMergeRequest && facts.approversAvailable ? APPROVALS_WIDGET_TEXTS.assignReviewers : null;
}

/** A part of a sentence; `danger` parts are shown in the danger colour. */
export interface TextPart {
  readonly text: string;
  readonly danger: boolean;
}

/**
 * The invalid-rules line: "2 rules can't be approved, 1 invalid rule has been approved
 * automatically." (the first part in danger), or null when no rule is invalid.
 */
export function invalidRulesMessage(input: ApprovalsWidgetInput): { parts: TextPart[]; text: string } | null {
  if (!input.approversAvailable) return null;
  const invalid = input.rules.filter((rule) => rule.invalid);
  const failed = invalid.filter((rule) => !rule.allowMergeWhenInvalid).length;
  const approved = invalid.filter((rule) => rule.allowMergeWhenInvalid).length;
  const parts: TextPart[] = [];
  if (failed > 0) parts.push({ text: cantBeApproved(failed), danger: true });
  if (approved > 0) {
    if (parts.length > 0) parts.push({ text: ', ', danger: false });
    parts.push({ text: approvedAutomatically(approved), danger: false });
  }
  if (parts.length === 0) return null;
  parts.push({ text: '.', danger: false });
  return { parts, text: parts.map((part) => part.text).join('') };
}

/** "{n} rules can't be approved", singular for one. */
export const cantBeApproved = (count: number): string =>
  count === 1 ? "1 rule can't be approved" : `${count} rules can't be approved`;

/** "{n} invalid rules have been approved automatically", singular for one. */
export const approvedAutomatically = (count: number): string =>
  count === 1
    ? '1 invalid rule has been approved automatically'
    : `${count} invalid rules have been approved automatically`;

export type ApprovalsSummary =
  | { readonly kind: 'loading'; readonly text: string }
  | {
      readonly kind: 'optional';
      readonly text: string;
      /** The help link ("About this feature") shows to those who can approve. */
      readonly showHelp: boolean;
    }
  | {
      readonly kind: 'required';
      /** "Requires 2 approvals from QA and Code Owners." or '' once approved. */
      readonly approvalsLeftMessage: string;
      /** Who approved, before their avatars: '' when nobody did. */
      readonly approvedByMessage: string;
      readonly approvedByIds: readonly UserId[];
    };

/** The summary line, as GitLab's approvals summary words it. */
export function approvalsSummary(input: ApprovalsWidgetInput | null): ApprovalsSummary {
  if (input === null) return { kind: 'loading', text: APPROVALS_WIDGET_TEXTS.loading };
  if (isApprovalOptional(input)) {
    return {
      kind: 'optional',
      text: APPROVALS_WIDGET_TEXTS.optional,
      showHelp: approvalsAction(input) !== null,
    };
  }
  return {
    kind: 'required',
    approvalsLeftMessage: approvalsLeftMessage(input),
    approvedByMessage: approvedByMessage(input),
    approvedByIds: input.approvedByIds,
  };
}

function approvalsLeftMessage(input: ApprovalsWidgetInput): string {
  const left = input.approvalsLeft;
  const approvals = left === 1 ? 'approval' : 'approvals';
  const names = ruleNamesLeft(
    input.multipleApprovalRulesAvailable,
    input.rules.filter((rule) => !rule.approved),
  );
  if (names.length > 0) return `Requires ${left} ${approvals} from ${nounSeries(names)}.`;
  const approved = input.approved || input.approvedByIds.length > 0;
  return approved ? '' : `Requires ${left} ${approvals} from eligible users.`;
}

function approvedByMessage(input: ApprovalsWidgetInput): string {
  const me = input.currentUserId;
  const byMe = me !== null && input.approvedByIds.includes(me);
  const byOthers = me !== null && input.approvedByIds.some((id) => id !== me);
  if (byMe && byOthers) return APPROVALS_WIDGET_TEXTS.approvedByYouAndOthers;
  if (byMe) return APPROVALS_WIDGET_TEXTS.approvedByYou;
  if (input.approved || input.approvedByIds.length > 0) return APPROVALS_WIDGET_TEXTS.approvedBy;
  return '';
}

/**
 * The rules the summary names: "eligible users" for the any-approver rule, named rules and
 * report rules by name, and code owner rules once as "Code Owners" (their patterns mean
 * little out of context). Nothing when only one rule is possible.
 */
export function ruleNamesLeft(multipleRules: boolean, unapproved: readonly WidgetRule[]): string[] {
  if (!multipleRules) return [];
  const of = (kind: ApprovalRuleKind) => unapproved.filter((rule) => rule.kind === kind);
  return [
    ...(of('any_approver').length > 0 ? [APPROVAL_RULE_TEXTS.eligibleUsers] : []),
    ...of('regular')
      .map((rule) => rule.name)
      .filter((name) => name !== ''),
    ...of('report_approver').map((rule) => rule.name),
    ...(of('code_owner').length > 0 ? [APPROVAL_RULE_TEXTS.codeOwners] : []),
  ];
}

/** "A", "A and B", "A, B, and C". */
export function nounSeries(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  if (items.length === 2) return `${items[0]} and ${items[1]}`;
  return `${items.slice(0, -1).join(', ')}, and ${items.at(-1)}`;
}

/** A security policy that enforces approval settings the project's own do not. */
export interface ApprovalSettingsOverride {
  readonly name: string;
  readonly editPath: string | null;
  readonly settings: readonly string[];
}

const POLICY_SETTING_LABELS: Record<PolicyApprovalSettingKey, string> = {
  prevent_approval_by_author: APPROVAL_SETTINGS_LABELS.preventApprovalByAuthor,
  prevent_approval_by_commit_author: APPROVAL_SETTINGS_LABELS.preventApprovalByCommitters,
  remove_approvals_with_new_commit: APPROVAL_SETTINGS_LABELS.removeAllApprovals,
  require_password_to_approve: APPROVAL_SETTINGS_LABELS.requirePassword,
};

/**
 * The widget's policy override (002 §2): shown only where security policies enforce approval
 * settings the project's own do not, naming each policy and what it enforces.
 */
export function policyOverride(policies: readonly ApprovalSettingsOverride[]): {
  title: string;
  text: string;
  policies: { name: string; editPath: string | null; settings: string[] }[];
} | null {
  if (policies.length === 0) return null;
  return {
    title: APPROVALS_WIDGET_TEXTS.policyOverrideTitle,
    text:
      policies.length === 1
        ? APPROVALS_WIDGET_TEXTS.policyOverrideSingle
        : APPROVALS_WIDGET_TEXTS.policyOverrideMultiple,
    policies: policies.map((policy) => ({
      name: policy.name,
      editPath: policy.editPath,
      settings: policy.settings.map((key) => POLICY_SETTING_LABELS[key as PolicyApprovalSettingKey] ?? key),
    })),
  };
}
