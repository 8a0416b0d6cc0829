import { z } from 'zod';
import { booleanParam, idListParam, numericParam } from './params';
import { protectedBranchSchema } from './repository';
import { userBasicSchema } from './users';
import { APPROVALS_REQUIRED_MAX } from '../approvals/approvalRules';
import {
  API_APPROVAL_SETTINGS,
  INSTANCE_API_APPROVAL_SETTINGS,
  type ApiApprovalSettingName,
  type InstanceApiApprovalSettingName,
} from '../approvals/approvalSettingsApi';

/** `POST .../merge_requests/:iid/approve`. */
export const approveBody = z.object({
  sha: z.string().max(64).optional(),
  approval_password: z.string().max(1000).optional(),
});
export type ApproveBody = z.output<typeof approveBody>;

/** `POST /projects/:id/approvals`: the project's approval settings, in GitLab's older names. */
export const projectApprovalsBody = z.object({
  approvals_before_merge: z
    .preprocess(numericParam, z.number().int().min(0).max(APPROVALS_REQUIRED_MAX))
    .optional(),
  reset_approvals_on_push: booleanParam.optional(),
  selective_code_owner_removals: booleanParam.optional(),
  disable_overriding_approvers_per_merge_request: booleanParam.optional(),
  merge_requests_author_approval: booleanParam.optional(),
  merge_requests_disable_committers_approval: booleanParam.optional(),
  require_password_to_approve: booleanParam.optional(),
});
export type ProjectApprovalsBody = z.output<typeof projectApprovalsBody>;

export const projectApprovalsSchema = z.object({
  approvers: z.array(z.object({ user: userBasicSchema })),
  approver_groups: z.array(z.unknown()),
  approvals_before_merge: z.number(),
  reset_approvals_on_push: z.boolean(),
  selective_code_owner_removals: z.boolean(),
  disable_overriding_approvers_per_merge_request: z.boolean(),
  merge_requests_author_approval: z.boolean(),
  merge_requests_disable_committers_approval: z.boolean(),
  require_password_to_approve: z.boolean(),
  require_reauthentication_to_approve: z.boolean(),
});
export type ProjectApprovalsJson = z.infer<typeof projectApprovalsSchema>;

/** `PUT /projects/:id/merge_request_approval_setting`: GitLab's `allow_*` permissions. */
export const approvalSettingBody = z.object(
  Object.fromEntries(
    Object.keys(API_APPROVAL_SETTINGS).map((name) => [name, booleanParam.optional()]),
  ) as Record<ApiApprovalSettingName, z.ZodOptional<typeof booleanParam>>,
);

const settingSchema = z.object({
  value: z.boolean(),
  locked: z.boolean(),
  inherited_from: z.enum(['instance', 'group']).nullable(),
  inherited_from_group: z.object({ name: z.string(), full_path: z.string() }).nullable(),
});
export const approvalSettingSchema = z.object(
  Object.fromEntries(Object.keys(API_APPROVAL_SETTINGS).map((name) => [name, settingSchema])) as Record<
    ApiApprovalSettingName,
    typeof settingSchema
  >,
);

const approvalsRequired = z.preprocess(numericParam, z.number().int().min(0).max(APPROVALS_REQUIRED_MAX));
const ruleName = z.string().trim().min(1).max(255);
const usernames = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter((part) => part !== '') : value),
  z.array(z.string().max(255)).max(100),
);

/** GitLab's report types of report approver rules (`code_coverage` is the Coverage-Check's). */
export const APPROVAL_RULE_REPORT_TYPES = [
  'vulnerability',
  'license_scanning',
  'code_coverage',
  'scan_finding',
  'any_merge_request',
] as const;

/** `POST /projects/:id/approval_rules`. */
export const createProjectRuleBody = z.object({
  name: ruleName,
  approvals_required: approvalsRequired,
  rule_type: z.enum(['regular', 'any_approver', 'report_approver']).optional(),
  report_type: z.enum(APPROVAL_RULE_REPORT_TYPES).optional(),
  user_ids: idListParam(100).optional(),
  usernames: usernames.optional(),
  group_ids: idListParam(100).optional(),
  protected_branch_ids: idListParam(100).optional(),
  applies_to_all_protected_branches: booleanParam.optional(),
});
export type CreateProjectRuleBody = z.output<typeof createProjectRuleBody>;

/** `PUT /projects/:id/approval_rules/:approval_rule_id`: every field optional. */
export const updateProjectRuleBody = createProjectRuleBody
  .partial()
  .extend({ remove_hidden_groups: booleanParam.optional() });
export type UpdateProjectRuleBody = z.output<typeof updateProjectRuleBody>;

/** `POST .../merge_requests/:iid/approval_rules`: optionally copied from a project rule. */
export const createMergeRequestRuleBody = z.object({
  name: ruleName,
  approvals_required: approvalsRequired,
  approval_project_rule_id: z
    .preprocess(numericParam, z.number().int().positive().max(2_147_483_647))
    .optional(),
  user_ids: idListParam(100).optional(),
  usernames: usernames.optional(),
  group_ids: idListParam(100).optional(),
});
export type CreateMergeRequestRuleBody = z.output<typeof createMergeRequestRuleBody>;

export const updateMergeRequestRuleBody = createMergeRequestRuleBody
  .omit({ approval_project_rule_id: true })
  .partial()
  .extend({ remove_hidden_groups: booleanParam.optional() });
export type UpdateMergeRequestRuleBody = z.output<typeof updateMergeRequestRuleBody>;

export const ruleGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  path: z.string(),
  full_path: z.string(),
  full_name: z.string(),
  visibility: z.string(),
  web_url: z.string(),
  avatar_url: z.string().nullable(),
  description: z.string(),
  parent_id: z.number().nullable(),
});

const ruleBase = z.object({
  id: z.number(),
  name: z.string(),
  rule_type: z.string(),
  report_type: z.string().nullable(),
  eligible_approvers: z.array(userBasicSchema),
  approvals_required: z.number(),
  users: z.array(userBasicSchema),
  groups: z.array(ruleGroupSchema),
  contains_hidden_groups: z.boolean(),
});

/** GitLab's project approval rule. */
export const projectRuleSchema = ruleBase.extend({
  applies_to_all_protected_branches: z.boolean(),
  protected_branches: z.array(protectedBranchSchema),
});
export type ProjectRuleJson = z.infer<typeof projectRuleSchema>;

/** GitLab's merge request approval rule. */
export const mergeRequestRuleSchema = ruleBase.extend({
  source_rule: z.object({ approvals_required: z.number() }).nullable(),
  overridden: z.boolean(),
  section: z.string().nullable(),
});
export type MergeRequestRuleJson = z.infer<typeof mergeRequestRuleSchema>;

/** A rule in `GET .../approval_state`: with who approved under it. */
export const approvalStateRuleSchema = mergeRequestRuleSchema.extend({
  code_owner: z.boolean(),
  approved_by: z.array(userBasicSchema),
  approved: z.boolean(),
});

export const approvalStateSchema = z.object({
  approval_rules_overwritten: z.boolean(),
  rules: z.array(approvalStateRuleSchema),
});

/** GitLab's merge request approvals answer (`GET .../approvals`, `approve`, `unapprove`). */
export const mergeRequestApprovalsSchema = z.object({
  id: z.number(),
  iid: z.number(),
  project_id: z.number(),
  title: z.string(),
  description: z.string(),
  state: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  merge_status: z.string(),
  approved: z.boolean(),
  approvals_required: z.number(),
  approvals_left: z.number(),
  require_password_to_approve: z.boolean(),
  approved_by: z.array(z.object({ user: userBasicSchema, approved_at: z.string() })),
  suggested_approvers: z.array(userBasicSchema),
  approvers: z.array(z.object({ user: userBasicSchema })),
  approver_groups: z.array(z.object({ group: ruleGroupSchema })),
  user_has_approved: z.boolean(),
  user_can_approve: z.boolean(),
  approval_rules_left: z.array(
    z.object({ id: z.union([z.number(), z.string()]), name: z.string(), rule_type: z.string() }),
  ),
  has_approval_rules: z.boolean(),
  merge_request_approvers_available: z.boolean(),
  multiple_approval_rules_available: z.boolean(),
  invalid_approvers_rules: z.array(z.object({ id: z.union([z.number(), z.string()]), name: z.string() })),
});
export type MergeRequestApprovalsJson = z.infer<typeof mergeRequestApprovalsSchema>;

/**
 * `PUT /application/settings`: the instance's merge request approval settings (the only
 * application settings served; other fields are ignored, as unknown fields are).
 */
export const applicationApprovalSettingsBody = z.object(
  Object.fromEntries(
    Object.keys(INSTANCE_API_APPROVAL_SETTINGS).map((name) => [name, booleanParam.optional()]),
  ) as Record<InstanceApiApprovalSettingName, z.ZodOptional<typeof booleanParam>>,
);

export const applicationApprovalSettingsSchema = z.object(
  Object.fromEntries(
    Object.keys(INSTANCE_API_APPROVAL_SETTINGS).map((name) => [name, z.boolean()]),
  ) as Record<InstanceApiApprovalSettingName, z.ZodBoolean>,
);
export type ApplicationApprovalSettingsJson = z.infer<typeof applicationApprovalSettingsSchema>;
