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

/** `GET {project}/-/pipelines.json`: a page of pipelines, newest first, optionally of one ref or scope. */
export const pipelinesPageQuery = z.object({
  scope: z.enum(PIPELINE_SCOPES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  ref: z.string().max(1024).optional(),
  /** A merge request's Pipelines tab: its own pipelines (on its `refs/merge-requests/:iid/...`) besides those of `ref`. */
  merge_request_iid: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const pipelinesPageSchema = z.object({
  pipelines: z.array(pipelinePageItemSchema),
  /** Every pipeline the filters match, for the pagination. */
  count: z.number().int(),
});
export type PipelinesPage = z.infer<typeof pipelinesPageSchema>;
