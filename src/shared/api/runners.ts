import { z } from 'zod';
import { booleanParam, numericParam } from './params';

export const RUNNER_TYPES = ['instance_type', 'group_type', 'project_type'] as const;
export const RUNNER_ACCESS_LEVELS = ['not_protected', 'ref_protected'] as const;

/** `tag_list` as a JSON array or GitLab's comma-separated text; tags are trimmed, blanks dropped. */
const tagList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',') : value),
  z
    .array(z.string().max(255))
    .max(100)
    .transform((tags) => [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))]),
);

const text = (max: number) => z.string().max(max);

/** What creating or registering a runner may set, in GitLab's parameter names. */
const runnerSettings = {
  description: text(1024).optional(),
  maintenance_note: text(1024).optional(),
  maintainer_note: text(1024).optional(),
  paused: booleanParam.optional(),
  active: booleanParam.optional(),
  locked: booleanParam.optional(),
  run_untagged: booleanParam.optional(),
  tag_list: tagList.optional(),
  access_level: z.enum(RUNNER_ACCESS_LEVELS).optional(),
  maximum_timeout: z.preprocess(numericParam, z.number().int().min(600).max(2_147_483_647)).optional(),
};

/** `POST /api/v4/user/runners`: a signed-in user creates a runner of a scope they administer. */
export const createUserRunnerBody = z.object({
  runner_type: z.enum(RUNNER_TYPES),
  group_id: z.preprocess(numericParam, z.number().int().positive()).optional(),
  project_id: z.preprocess(numericParam, z.number().int().positive()).optional(),
  ...runnerSettings,
});
export type CreateUserRunnerBody = z.infer<typeof createUserRunnerBody>;

/** What a runner says of itself (`info`), as gitlab-runner sends it. */
export const runnerInfoSchema = z
  .object({
    name: text(255).optional(),
    version: text(255).optional(),
    revision: text(255).optional(),
    platform: text(255).optional(),
    architecture: text(255).optional(),
    executor: text(255).optional(),
    shell: text(255).optional(),
    features: z.record(z.string().max(100), z.unknown()).optional(),
  })
  .loose();
export type RunnerInfo = z.infer<typeof runnerInfoSchema>;

/** `POST /api/v4/runners`: the legacy registration with a registration token. */
export const registerRunnerBody = z.object({
  token: text(255),
  info: runnerInfoSchema.optional(),
  ...runnerSettings,
});
export type RegisterRunnerBody = z.infer<typeof registerRunnerBody>;

/** The runner's authentication token, as `verify`, `DELETE /runners` and job requests send it. */
export const runnerTokenBody = z.object({
  token: text(255).optional(),
  system_id: text(255).optional(),
  info: runnerInfoSchema.optional(),
});

/** GitLab's RunnerRegistrationDetails: the token is shown here only. */
export const runnerRegistrationDetailsSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  token_expires_at: z.string().nullable(),
});
export type RunnerRegistrationDetails = z.infer<typeof runnerRegistrationDetailsSchema>;

/** GitLab's answer to resetting a registration token. */
export const registrationTokenSchema = z.object({
  token: z.string(),
  token_expires_at: z.string().nullable(),
});

/** GitLab's Runner entity, as jobs show the runner that ran them. */
export const runnerSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  ip_address: z.string().nullable(),
  active: z.boolean(),
  paused: z.boolean(),
  is_shared: z.boolean(),
  runner_type: z.enum(RUNNER_TYPES),
  name: z.string().nullable(),
  online: z.boolean(),
  status: z.enum(['online', 'offline', 'stale', 'never_contacted']),
});
export type RunnerJson = z.infer<typeof runnerSchema>;

export const RUNNER_STATUSES = ['online', 'offline', 'stale', 'never_contacted'] as const;
/** GitLab's `scope` and `status` of runner lists: the statuses, and `active`/`paused`. */
export const RUNNER_LIST_SCOPES = ['active', 'paused', ...RUNNER_STATUSES] as const;

/** The filters of `GET /runners`, `/runners/all`, `/projects/:id/runners` and `/groups/:id/runners`. */
export const runnerListQuery = z.object({
  scope: z.enum(RUNNER_LIST_SCOPES).optional(),
  type: z.enum(RUNNER_TYPES).optional(),
  status: z.enum(RUNNER_LIST_SCOPES).optional(),
  paused: booleanParam.optional(),
  tag_list: tagList.optional(),
});
export type RunnerListQuery = z.infer<typeof runnerListQuery>;

/** `PUT /runners/:id`: what a runner's administrator may change. */
export const updateRunnerBody = z.object(runnerSettings);
export type UpdateRunnerBody = z.infer<typeof updateRunnerBody>;

/** `POST /projects/:id/runners`: the project runner to enable in this project too. */
export const enableRunnerBody = z.object({
  runner_id: z.preprocess(numericParam, z.number().int().positive()),
});

/** GitLab's RunnerDetails: the Runner entity with its settings, projects and groups. */
export const runnerDetailsSchema = runnerSchema.extend({
  tag_list: z.array(z.string()),
  run_untagged: z.boolean(),
  locked: z.boolean(),
  maximum_timeout: z.number().int().nullable(),
  access_level: z.enum(RUNNER_ACCESS_LEVELS),
  version: z.string().nullable(),
  revision: z.string().nullable(),
  platform: z.string().nullable(),
  architecture: z.string().nullable(),
  contacted_at: z.string().nullable(),
  maintenance_note: z.string(),
  created_at: z.string(),
  projects: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      name_with_namespace: z.string(),
      path: z.string(),
      path_with_namespace: z.string(),
    }),
  ),
  groups: z.array(z.object({ id: z.number().int(), name: z.string(), web_url: z.string() })),
});
export type RunnerDetailsJson = z.infer<typeof runnerDetailsSchema>;
