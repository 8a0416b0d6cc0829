/**
 * The pure rules of merge request approvals, as GitLab applies them (002 §2-§8). No I/O: the
 * server resolves rules, users, groups, roles and CODEOWNERS and passes plain ids in; the web app
 * passes what its queries returned. Every text is in approvalMessages.ts.
 *
 * 1. State. `computeApprovalState({ rules, approvedByIds, people, settings,
 *    codeOwnerApprovalRequired, merged?, syncing? })` -> `ApprovalState`: per rule
 *    (`ApprovalRuleInput`: kind fallback | regular | report_approver | code_owner | any_approver,
 *    its approvers, required count) the eligible approvers (author and committers removed by
 *    `prevent_approval_by_author` / `prevent_approval_by_commit_author`), who approved under it,
 *    approvals left, `approved`, `invalid` and `allowMergeWhenInvalid`; overall
 *    `approvalsRequired` / `approvalsLeft` (the larger of the named rules' sum and the
 *    any-approver count), `approved`, `approvalNeeded`, `invalidApproversRules`, `rulesLeft`.
 *    `codeOwnerApprovalRules(file, matches, approversOf)` builds the code owner rules from
 *    `src/shared/code-owners` (one per section and pattern, the section's `[n]`, optional
 *    sections never required). `canApprove(...)` is `userPermissions.canApprove`,
 *    `canManageMergeRequestApprovals(...)` who may edit a merge request's rules;
 *    `notApprovedCheck(state, mode)` the NOT_APPROVED merge check.
 * 2. Widget. Over `ApprovalsWidgetInput` (mode full | base from `approvalsWidgetMode`, viewer,
 *    merge request state, approvals, rules): `approvalsSummary` (loading, "Approval is optional", or "Requires n
 *    approvals from ..." with "Approved by ..."), `approvalsAction` (Approve, Approve
 *    additionally, their SAML forms, Revoke approval; whether the password modal opens),
 *    `invalidRulesMessage`, `whyCantIApprove`, `assignReviewersAction`, `approveFailure`,
 *    `showApprovalsSection`; the rules table with `approvalRuleSections` / `approvalRuleRow`
 *    (names, sections, tooltips, "Auto approved" / "Action required" and their popovers).
 * 3. Settings. `resolveApprovalSetting(key, level, chain)` / `resolveApprovalSettings` give a
 *    setting's value, `locked` and `inheritedFrom` at the instance, group, project or merge
 *    request level (security policies add theirs on the merge request);
 *    `canChangeApprovalSetting` answers allowed or the refusal text; `canOverrideApprovalRules`;
 *    `approvalSettingsApiResponse` / `approvalSettingsFromApi` speak GitLab's
 *    `merge_request_approval_setting` API (`allow_*` with `value`, `locked`, `inherited_from`).
 * 4. Pushes. `approvalsResetByPush(...)`: which approvals a push removes (all, only code owners
 *    whose files changed, or none; never those given on an unchanged patch-id).
 * 5. Rule form. `validateApprovalRuleForm(...)`: the form's messages per field.
 * 6. Coverage-Check. `coverageApprovalRequired({ head, base })`: whether the code_coverage rule's
 *    approvals are required, from the head and base pipelines' status and coverage.
 */
export * from './approvalMessages';
export * from './approvalRules';
export {
  filterEligibleApprovers,
  canApprove,
  canManageMergeRequestApprovals,
  committerCannotApprove,
  type CanApproveInput,
} from './eligibility';
export {
  computeApprovalState,
  type ApprovalState,
  type ApprovalStateInput,
  type ApprovalRuleState,
} from './approvalState';
export { codeOwnerApprovalRules } from './codeOwnerApprovalRules';
export {
  CODE_COVERAGE_REPORT_TYPE,
  coverageApprovalRequired,
  isCoverageCheckRule,
  reportRuleKind,
  type CoverageComparison,
  type CoveragePipeline,
  type RuleKindInput,
} from './coverageCheck';
export {
  notApprovedCheck,
  approvalFacts,
  approvalsSyncing,
  APPROVALS_SYNC_TIMEOUT_MS,
} from './approvalMergeCheck';
export {
  approvalsAction,
  approvalsSummary,
  approvalsWidgetMode,
  approveFailure,
  approvedAutomatically,
  assignReviewersAction,
  cantBeApproved,
  invalidRulesMessage,
  isApprovalOptional,
  needsPassword,
  nounSeries,
  policyOverride,
  ruleNamesLeft,
  showApprovalsSection,
  showApprove,
  showRevoke,
  showRulesFooter,
  whyCantIApprove,
  type ApprovalsAction,
  type ApprovalsSummary,
  type ApprovalsWidgetInput,
  type ApprovalsWidgetMode,
  type ApprovalSettingsOverride,
  type TextPart,
  type WidgetRule,
} from './approvalsWidget';
export {
  approvalRuleRow,
  approvalRuleSections,
  pendingApprovals,
  ruleDisplayName,
  securityPolicyRuleHelpText,
  type RuleRow,
  type RuleRowInput,
  type RuleSection,
} from './approvalRuleRows';
export * from './approvalSettings';
export * from './approvalSettingsApi';
export {
  approvalsResetByPush,
  type PushResetInput,
  type PushResetResult,
  type RecordedApproval,
} from './approvalReset';
export {
  APPROVAL_RULE_NAME_MAX_LENGTH,
  approvalsRequiredError,
  ruleNameTooLongServerError,
  validateApprovalRuleForm,
  type ApprovalRuleFormErrors,
  type ApprovalRuleFormInput,
} from './approvalRuleForm';
