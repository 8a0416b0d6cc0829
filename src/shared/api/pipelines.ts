import { z } from 'zod';
import { CI_STATUSES } from '../ci/status/composite';
import { booleanParam } from './params';
import { commitSchema } from './repository';
import { runnerSchema } from './runners';
import { userBasicSchema } from './users';

const statusSchema = z.enum(CI_STATUSES);

/** GitLab's `detailed_status` entity. */
export const detailedStatusSchema = z.object({
  icon: z.string(),
  text: z.string(),
  label: z.string(),
  group: z.string(),
  tooltip: z.string(),
  has_details: z.boolean(),
  details_path: z.string().nullable(),
  illustration: z.null(),
  favicon: z.string(),
  action: z
    .object({
      icon: z.string(),
      title: z.string(),
      path: z.string(),
      method: z.literal('post'),
      button_title: z.string(),
      confirmation_message: z.string().optional(),
    })
    .optional(),
});

/** GitLab's PipelineBasic: how lists and jobs show a pipeline. */
export const pipelineBasicSchema = z.object({
  id: z.number().int(),
  iid: z.number().int(),
  project_id: z.number().int(),
  sha: z.string(),
  ref: z.string(),
  status: statusSchema,
  source: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  web_url: z.string(),
  name: z.string().nullable(),
});
export type PipelineBasic = z.infer<typeof pipelineBasicSchema>;

/** GitLab's Pipeline: one pipeline, in full. */
export const pipelineSchema = pipelineBasicSchema.extend({
  before_sha: z.string(),
  tag: z.boolean(),
  yaml_errors: z.string().nullable(),
  user: userBasicSchema.nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  committed_at: z.string().nullable(),
  duration: z.number().int().nullable(),
  queued_duration: z.number().nullable(),
  coverage: z.string().nullable(),
  detailed_status: detailedStatusSchema,
  archived: z.boolean(),
  /** The bridge that created this downstream pipeline (null for any other). */
  source_job: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
});
export type Pipeline = z.infer<typeof pipelineSchema>;

/** GitLab's Job entity (`Entities::Ci::Job`). */
export const jobSchema = z.object({
  id: z.number().int(),
  status: statusSchema,
  stage: z.string(),
  name: z.string(),
  ref: z.string(),
  tag: z.boolean(),
  coverage: z.number().nullable(),
  allow_failure: z.boolean(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  erased_at: z.string().nullable(),
  /** When a delayed job starts on its own (GitLab's `scheduled_at`); for the countdown. */
  scheduled_at: z.string().nullable().optional(),
  duration: z.number().nullable(),
  queued_duration: z.number().nullable(),
  user: userBasicSchema.nullable(),
  commit: commitSchema.nullable(),
  pipeline: pipelineBasicSchema,
  failure_reason: z.string().optional(),
  web_url: z.string(),
  project: z.object({ ci_job_token_scope_enabled: z.boolean() }),
  artifacts_file: z.object({ filename: z.string(), size: z.number() }).optional(),
  artifacts: z.array(
    z.object({
      file_type: z.string(),
      size: z.number(),
      filename: z.string(),
      file_format: z.string().nullable(),
    }),
  ),
  runner: runnerSchema.nullable(),
  runner_manager: z.null(),
  artifacts_expire_at: z.string().nullable(),
  archived: z.boolean(),
  tag_list: z.array(z.string()),
});
export type Job = z.infer<typeof jobSchema>;

/** GitLab's Bridge entity: a trigger job, with the pipeline it created. */
export const bridgeSchema = jobSchema
  .omit({
    artifacts_file: true,
    artifacts: true,
    runner: true,
    runner_manager: true,
    artifacts_expire_at: true,
    tag_list: true,
    scheduled_at: true,
  })
  .extend({ downstream_pipeline: pipelineBasicSchema.nullable() });
export type Bridge = z.infer<typeof bridgeSchema>;

const text = (max: number) => z.string().max(max);

export const PIPELINE_SCOPES = ['running', 'pending', 'finished', 'branches', 'tags'] as const;
export const PIPELINE_ORDER_BY = ['id', 'status', 'ref', 'updated_at', 'user_id'] as const;

/** `GET /projects/:id/pipelines` filters, GitLab's names. */
export const pipelineListQuery = z.object({
  scope: z.enum(PIPELINE_SCOPES).optional(),
  status: statusSchema.optional(),
  ref: text(1024).optional(),
  sha: text(64).optional(),
  source: text(64).optional(),
  username: text(255).optional(),
  name: text(255).optional(),
  yaml_errors: booleanParam.optional(),
  updated_after: z.iso.datetime({ offset: true }).optional(),
  updated_before: z.iso.datetime({ offset: true }).optional(),
  order_by: z.enum(PIPELINE_ORDER_BY).default('id'),
  sort: z.enum(['asc', 'desc']).default('desc'),
});

/** A variable given to a pipeline by `POST /projects/:id/pipeline`. */
export const pipelineVariableSchema = z.object({
  key: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[a-zA-Z0-9_]+$/, 'key can contain only letters, digits and _'),
  value: z.string().max(10_000).default(''),
  variable_type: z.enum(['env_var', 'file']).default('env_var'),
});

/** A variable a pipeline was run with, as `GET /projects/:id/pipelines/:pipeline_id/variables` shows it. */
export const pipelineVariableEntrySchema = z.object({
  key: z.string(),
  value: z.string(),
  variable_type: z.enum(['env_var', 'file']),
});
export type PipelineVariableEntry = z.infer<typeof pipelineVariableEntrySchema>;

export const createPipelineBody = z.object({
  ref: text(1024).min(1),
  variables: z.array(pipelineVariableSchema).max(200).optional(),
});

const statusList = z.preprocess(
  (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
  z.array(statusSchema).max(20).optional(),
);

/** `scope[]=success&scope[]=failed` (or `scope=failed`): the job statuses to list, GitLab's names. */
export const jobScopeQuery = z.object({
  scope: statusList,
  'scope[]': statusList,
  include_retried: booleanParam.optional(),
});

/** The job filters a `jobScopeQuery` asks for. */
export const jobFiltersOf = (query: z.output<typeof jobScopeQuery>) => ({
  scope: query['scope[]'] ?? query.scope,
  includeRetried: query.include_retried ?? false,
});

/** `POST /projects/:id/ci/lint`. */
export const ciLintBody = z.object({
  content: z.string().max(4 * 1024 * 1024),
  dry_run: booleanParam.optional(),
  include_jobs: booleanParam.optional(),
  ref: text(1024).optional(),
});

export const ciLintResponseSchema = z.object({
  valid: z.boolean(),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
  merged_yaml: z.string().nullable(),
  includes: z.array(z.unknown()),
});

/** `GET /runners/:id/jobs`: `status` as GitLab names it (one status). */
export const runnerJobsQuery = z.object({ status: statusSchema.optional() });

/** GitLab's JobBasicWithProject, as a runner's jobs are listed. */
export const runnerJobSchema = jobSchema.extend({
  project: z.object({
    id: z.number().int(),
    name: z.string(),
    name_with_namespace: z.string(),
    path: z.string(),
    path_with_namespace: z.string(),
  }),
});
