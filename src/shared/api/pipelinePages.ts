import { z } from 'zod';
import { CI_STATUSES } from '../ci/status/composite';
import { PIPELINE_SCOPES, pipelineSchema } from './pipelines';

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
});
export type PipelineDetail = z.infer<typeof pipelineDetailSchema>;

/** `GET {project}/-/pipelines.json`: a page of pipelines, newest first, optionally of one ref or scope. */
export const pipelinesPageQuery = z.object({
  scope: z.enum(PIPELINE_SCOPES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  ref: z.string().max(1024).optional(),
});

export const pipelinesPageSchema = z.object({
  pipelines: z.array(pipelinePageItemSchema),
  /** Every pipeline the filters match, for the pagination. */
  count: z.number().int(),
});
export type PipelinesPage = z.infer<typeof pipelinesPageSchema>;
