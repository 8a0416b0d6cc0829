import { z } from 'zod';
import { numericParam } from './params';

const dbId = z.preprocess(numericParam, z.number().int().positive().max(2_147_483_647));

/** Only web addresses: the server POSTs merge request data there. */
const externalUrl = z.url({ protocol: /^https?$/ }).max(255);

/** `protected_branch_ids[]=1&protected_branch_ids[]=2`, `1,2` or a JSON list; empty means every branch. */
const protectedBranchIds = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter((part) => part !== '') : value),
  z.array(dbId).max(100),
);

/** `POST /projects/:id/external_status_checks`. No `shared_secret`: we keep no recoverable secrets. */
export const createStatusCheckBody = z.object({
  name: z.string().trim().min(1).max(255),
  external_url: externalUrl,
  protected_branch_ids: protectedBranchIds.optional(),
});
export type CreateStatusCheckBody = z.output<typeof createStatusCheckBody>;

/** `PUT /projects/:id/external_status_checks/:check_id`: every field optional. */
export const updateStatusCheckBody = createStatusCheckBody.partial();
export type UpdateStatusCheckBody = z.output<typeof updateStatusCheckBody>;

export const STATUS_CHECK_STATUSES = ['pending', 'passed', 'failed'] as const;
export type StatusCheckStatus = (typeof STATUS_CHECK_STATUSES)[number];

/** `POST .../merge_requests/:iid/status_check_responses`: an outside service's answer for a head commit. */
export const statusCheckResponseBody = z.object({
  sha: z.string().regex(/^[0-9a-f]{40}$|^[0-9a-f]{64}$/, 'sha is invalid'),
  external_status_check_id: dbId,
  status: z.enum(['passed', 'failed']).default('passed'),
});

const protectedBranchSchema = z.object({
  id: z.number(),
  project_id: z.number(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  code_owner_approval_required: z.boolean(),
});

/** GitLab's project-level status check. */
export const statusCheckSchema = z.object({
  id: z.number(),
  name: z.string(),
  project_id: z.number(),
  external_url: z.string(),
  hmac: z.boolean(),
  protected_branches: z.array(protectedBranchSchema),
});
export type StatusCheckJson = z.infer<typeof statusCheckSchema>;

/** A status check as it stands for one merge request's head commit. */
export const mergeRequestStatusCheckSchema = z.object({
  id: z.number(),
  name: z.string(),
  external_url: z.string(),
  status: z.enum(STATUS_CHECK_STATUSES),
});
export type MergeRequestStatusCheckJson = z.infer<typeof mergeRequestStatusCheckSchema>;

export const statusCheckResponseSchema = z.object({
  id: z.number(),
  merge_request: z.object({
    id: z.number(),
    iid: z.number(),
    project_id: z.number(),
    title: z.string(),
    state: z.string(),
    sha: z.string().nullable(),
    web_url: z.string(),
  }),
  external_status_check: statusCheckSchema,
});
