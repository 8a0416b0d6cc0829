import { z } from 'zod';
import { CI_STATUSES } from '../ci/status/composite';
import { PIPELINE_FILTER_SOURCES } from '../ci/views/pipelineSearch';
import { MERGE_REQUEST_EVENT_TYPES } from '../ci/views/pipelineTypes';
import { detailedStatusSchema, PIPELINE_SCOPES, pipelineSchema, pipelineVariableSchema } from './pipelines';

/** A stage as the mini graph shows it (`GET {project}/-/pipelines.json`). */
export const pipelineStageSchema = z.object({
  name: z.string(),
  status: z.enum(CI_STATUSES),
  /** A job allowed to fail failed: the stage passed "with warnings". */
  warnings: z.boolean(),
});
export type PipelineStage = z.infer<typeof pipelineStageSchema>;

/** A pipeline as the web app's lists and pipeline page show it: GitLab's Pipeline, its stages, what the viewer may do. */
export const pipelinePageItemSchema = pipelineSchema.extend({
  stages: z.array(pipelineStageSchema),
  /** The kind of merge request pipeline, for its type label (002 section 2); null for any other. */
  merge_request_event_type: z.enum(MERGE_REQUEST_EVENT_TYPES).nullable(),
  permissions: z.object({
    /** May cancel (and retry, play) the jobs of this pipeline's ref: Developers; on a protected branch those allowed to push or merge. */
    update_build: z.boolean(),
    /** May erase any job of this pipeline (its log and artifacts): Maintainers. */
    erase_build: z.boolean(),
    /** May delete the pipeline: Owners. */
    destroy_pipeline: z.boolean(),
  }),
});
export type PipelinePageItem = z.infer<typeof pipelinePageItemSchema>;

/** The upstream pipeline of a downstream one, as the graph's upstream link shows it. */
export const upstreamPipelineSchema = z.object({
  id: z.number().int(),
  iid: z.number().int(),
  path: z.string(),
  status: pipelineSchema.shape.status,
  project: z.object({ name: z.string(), full_path: z.string() }),
  source_job: z.object({ id: z.number().int(), name: z.string() }),
});
export type UpstreamPipeline = z.infer<typeof upstreamPipelineSchema>;

/** `{project}/-/pipelines/{id}.json`: the list's item, and the pipeline that triggered it (null for none). */
export const pipelineDetailSchema = pipelinePageItemSchema.extend({
  triggered_by: upstreamPipelineSchema.nullable(),
  /**
   * How many variables the pipeline was run with, for those who may read them (Maintainers, and
   * whoever ran it while they may still run it); null for anyone else, who sees no Manual variables tab.
   */
  manual_variables_count: z.number().int().nullable(),
  /**
   * Where the graph reports its performance metrics (GitLab's `metrics_path`:
   * `{project}/-/ci/prometheus_metrics/histograms`); null when the server wants none.
   */
  metrics_path: z.string().max(2048).nullable(),
});
export type PipelineDetail = z.infer<typeof pipelineDetailSchema>;

/** `GET {project}/-/pipelines.json`: a page of pipelines, newest first, optionally of one ref or scope. */
export const pipelinesPageQuery = z.object({
  scope: z.enum(PIPELINE_SCOPES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  ref: z.string().max(1024).optional(),
  /** The filtered search's tokens (spec 002 section 9: username, ref, status, source). */
  status: z.enum(CI_STATUSES).optional(),
  username: z.string().max(255).optional(),
  source: z.enum(PIPELINE_FILTER_SOURCES).optional(),
  /** One commit's pipelines (the post-merge pipeline of a merge commit). */
  sha: z.string().max(64).optional(),
  /** A merge request's Pipelines tab: its own pipelines (on its `refs/merge-requests/:iid/...`) besides those of `ref`. */
  merge_request_iid: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const pipelinesPageSchema = z.object({
  pipelines: z.array(pipelinePageItemSchema),
  /** Every pipeline the filters match, for the pagination. */
  count: z.number().int(),
});
export type PipelinesPage = z.infer<typeof pipelinesPageSchema>;

/** A job of a stage as its mini graph dropdown lists it: name, status, and the action it offers. */
export const stageJobSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(CI_STATUSES),
  detailed_status: detailedStatusSchema,
});
export type StageJob = z.infer<typeof stageJobSchema>;

/** `GET {project}/-/pipelines/{id}/stage.json?stage=name`: a stage's current jobs (GitLab's `latest_statuses`). */
export const stageQuery = z.object({ stage: z.string().min(1).max(255) });
export const stageJobsSchema = z.object({
  name: z.string(),
  latest_statuses: z.array(stageJobSchema),
});
export type StageJobs = z.infer<typeof stageJobsSchema>;

/**
 * `GET {project}/-/pipelines/{id}/downloadable_artifacts.json`: the artifacts dropdown's entries
 * (a job's archive, `build:archive`, with its download path) and the artifacts jobs expose to
 * merge requests by `artifacts:expose_as`.
 */
export const downloadableArtifactsSchema = z.object({
  artifacts: z.array(z.object({ name: z.string(), path: z.string() })),
  exposed_artifacts: z.array(
    z.object({ text: z.string(), url: z.string(), job_name: z.string(), job_path: z.string() }),
  ),
});
export type DownloadableArtifacts = z.infer<typeof downloadableArtifactsSchema>;

/** `{project}/-/pipelines/config_variables?sha_or_ref=` (GitLab's older `sha=` too). */
export const configVariablesQuery = z.object({
  sha_or_ref: z.string().min(1).max(1024).optional(),
  sha: z.string().min(1).max(1024).optional(),
});

/** The configuration's top-level variables by name, as GitLab's ListConfigVariablesService answers them. */
export const configVariablesSchema = z.record(
  z.string(),
  z.object({
    value: z.string(),
    raw: z.boolean().optional(),
    description: z.string().optional(),
    options: z.array(z.string()).optional(),
  }),
);
export type ConfigVariables = z.infer<typeof configVariablesSchema>;

/**
 * `POST {project}/-/pipelines`: the run form, as GitLab's page sends it (`variables_attributes`
 * with `secret_value`). The pipeline's source is `web`, as rules reading CI_PIPELINE_SOURCE expect.
 */
export const runPipelinePageBody = z.object({
  ref: z.string().min(1).max(1024),
  variables_attributes: z
    .array(
      z.object({
        key: pipelineVariableSchema.shape.key,
        secret_value: z.string().max(10_000).default(''),
        variable_type: z.enum(['env_var', 'file']).default('env_var'),
      }),
    )
    .max(200)
    .default([]),
});
export type RunPipelinePageBody = z.input<typeof runPipelinePageBody>;

/** The run form's refusal (400): GitLab's error messages of the pipeline that was not made. */
export const runPipelineErrorsSchema = z.object({
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
  total_warnings: z.number().int(),
});
export type RunPipelineErrors = z.infer<typeof runPipelineErrorsSchema>;
