/**
 * Every approval text of the spec (002 §2, §4, §5, §8) and the words GitLab's approvals widget
 * shows around them, word for word, so the server and the web app say the same thing.
 */

/** 002 §5: the approval rule form. `{number}` is filled by the functions of approvalRuleForm.ts. */
export const APPROVAL_RULE_FORM_MESSAGES = {
  approvalsRequiredNegative: 'Please enter a non-negative number',
  approvalsRequiredNotNumber: 'Please enter a valid number',
  approvalsRequiredMinimum: 'Please enter a number greater than {number} (from the project settings)',
  approversRequired: 'Please select and add a member',
  branchesRequired: 'Please select a valid target branch',
  ruleNameTaken: 'Rule name is already taken.',
  ruleNameMissing: 'Please provide a name',
  ruleNameTooLong: 'Please enter a name with less than {number} characters.',
} as const;

/** 002 §5 and §8: the password modal (id `approvals-auth`) and the approval alerts. */
export const APPROVAL_ERROR_MESSAGES = {
  passwordInvalid: 'Approval password is invalid.',
  fetchError: 'An error occurred while retrieving approval data for this merge request.',
  approveError: 'An error occurred while submitting your approval.',
  unapproveError: 'An error occurred while removing your approval.',
} as const;

export const APPROVALS_AUTH_MODAL_ID = 'approvals-auth';
/** The form field an approval with a password sends. */
export const APPROVAL_PASSWORD_FIELD = 'approval_password';

/** 002 §8: the approval settings screens. */
export const APPROVAL_SETTINGS_MESSAGES = {
  loadError: 'There was an error loading merge request approval settings.',
  updateError: 'There was an error updating merge request approval settings.',
  updateSuccess: 'Merge request approval settings have been updated.',
  lockedByAdmin:
    'This setting is configured at the instance level and can only be changed by an administrator.',
  lockedByGroupOwner:
    'This setting is configured in {groupName} and can only be changed in the group settings by an administrator or group owner.',
} as const;

/** The settings' labels (002 §2: the screens show labels only). */
export const APPROVAL_SETTINGS_LABELS = {
  preventApprovalByAuthor: 'Prevent approval by author',
  /** The admin area's words for the same setting. */
  preventApprovalByCreator: 'Prevent approval by merge request creator',
  preventEditingRulesInMergeRequests: 'Prevent editing approval rules in merge requests',
  preventEditingRulesInProjectsAndMergeRequests:
    'Prevent editing approval rules in projects and merge requests.',
  preventApprovalByCommitters: 'Prevent approvals by users who add commits',
  requirePassword: 'Require user password to approve',
  whenCommitAdded: 'When a commit is added:',
  keepApprovals: 'Keep approvals',
  removeAllApprovals: 'Remove all approvals',
  removeCodeOwnerApprovals: 'Remove approvals by Code Owners if their files changed',
} as const;

/** 002 §2 and §4: the approvals widget. */
export const APPROVALS_WIDGET_TEXTS = {
  loading: 'Checking approval status',
  optional: 'Approval is optional',
  aboutThisFeature: 'About this feature',
  approve: 'Approve',
  approveAdditionally: 'Approve additionally',
  approveWithSaml: 'Approve with SAML',
  approveAdditionallyWithSaml: 'Approve additionally with SAML',
  revoke: 'Revoke approval',
  approvedByYouAndOthers: 'Approved by you and others',
  approvedByYou: 'Approved by you',
  approvedBy: 'Approved by',
  whyCantIApprove: "Why can't I approve?",
  committerCantApprove: "You can't approve because you added one or more commits to this merge request.",
  assignReviewers: 'Assign reviewers',
  expandEligibleApprovers: 'Expand eligible approvers',
  collapseEligibleApprovers: 'Collapse eligible approvers',
  learnMore: 'Learn more.',
  // Not quoted by the spec: our words for its policy-override popover.
  policyOverrideTitle: 'Policy override',
  policyOverrideSingle: 'A security policy enforces approval settings beyond this project’s own:',
  policyOverrideMultiple: 'Security policies enforce approval settings beyond this project’s own:',
} as const;

/** 002 §4 and §8: how a rule reads in the rules table, and its popovers. */
export const APPROVAL_RULE_TEXTS = {
  autoApproved: 'Auto approved',
  actionRequired: 'Action required',
  optional: 'Optional',
  ruleAutomaticallyApproved: 'Rule automatically approved',
  ruleAutomaticallyApprovedText:
    'It looks like there was a conflict between the rules for approving this Merge Request and the users who were eligible to approve it. As a result, the system has automatically approved it to keep things moving.',
  // {...LinkStart}/{...LinkEnd} mark the words GitLab links to its documentation.
  ruleAutomaticallyApprovedSuggestion:
    'Verify your {eligibleApproverLinkStart}eligible approvers{eligibleApproverLinkEnd} and {approvalSettingsLinkStart}approval settings{approvalSettingsLinkEnd} agree with each other.',
  ruleCannotBeApproved: 'Rule cannot be approved',
  ruleCannotBeApprovedText:
    'The number of people who need to approve this is more than those who are allowed to. Please ask the project owner to update {securityPolicy}.',
  ruleCannotBeApprovedSuggestions: [
    'Verify the number of {linkStart}eligible security approvers{linkEnd} matches the required approvers for the security policy.',
    'Verify your {linkStart}approval settings{linkEnd} do not conflict with this rule.',
  ],
  allMembers: 'All Members',
  mergeRequestRule: 'Merge Request',
  codeOwners: 'Code Owners',
  eligibleUsers: 'eligible users',
  anyEligibleUser: 'Any eligible user',
  whoCanApprove: 'Who can approve?',
  eligibleApproversList: [
    'Any member with at least Developer permissions on the project.',
    'Members listed as CODEOWNERS of affected files.',
    "Users or groups set as approvers in the project's or merge request's settings.",
  ],
  moreInformation: 'More information',
  section: 'Section: {section}',
  approvers: 'Approvers',
  approvals: 'Approvals',
  commentedBy: 'Commented by',
  approvedBy: 'Approved by',
} as const;

/** The Coverage-Check rule (report type code_coverage) and its popover. */
export const COVERAGE_CHECK_NAME = 'Coverage-Check';
export const COVERAGE_CHECK_TEXTS = {
  title: 'Coverage-Check',
  popover: 'A merge request approval is required when test coverage declines.',
  learnMore: 'Learn more about Coverage-Check',
  /** The project settings' line for a Coverage-Check not yet set up, and its button. */
  unconfigured: 'Requires approval for decreases in test coverage.',
  enable: 'Enable',
  help: 'https://docs.gitlab.com/ci/testing/code_coverage/#coverage-check-approval-rule',
} as const;

/** The key a dismissed approvals promotion is stored under (002 §2). */
export const MR_APPROVALS_PROMO_DISMISSED = 'mr_approvals_promo.dismissed';

/** Avatar sizes of the widget (002 §2). */
export const APPROVAL_AVATAR_SIZES = { approvalLists: 24, userList: 16 } as const;

/** `{name}` placeholders filled in. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
