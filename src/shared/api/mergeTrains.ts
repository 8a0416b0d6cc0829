import { z } from 'zod';
import { booleanParam } from './params';
import { pipelineBasicSchema } from './pipelines';
import { userBasicSchema } from './users';

/** A car's life: waiting to be computed, computed (fresh) or to be computed again (stale), merging, merged. */
export const MERGE_TRAIN_CAR_STATUSES = [
  'idle',
  'stale',
  'fresh',
  'merging',
  'merged',
  'skip_merged',
] as const;
export type MergeTrainCarStatus = (typeof MERGE_TRAIN_CAR_STATUSES)[number];
/** On the train: GitLab's `active` scope. */
export const ACTIVE_CAR_STATUSES = ['idle', 'stale', 'fresh', 'merging'] as const;
/** Merged, by the train or past it ("Merge now and don't restart train"): GitLab's `complete` scope. */
export const COMPLETE_CAR_STATUSES = ['merged', 'skip_merged'] as const;

export const MERGE_TRAIN_SCOPES = ['active', 'complete'] as const;
export type MergeTrainScope = (typeof MERGE_TRAIN_SCOPES)[number];

/** `GET /projects/:id/merge_trains` and `.../merge_trains/:target_branch`; page parameters are added by the route. */
export const listMergeTrainsQuery = z.object({
  scope: z.enum(MERGE_TRAIN_SCOPES).optional(),
  sort: z.enum(['asc', 'desc']).default('desc'),
  /** @gitbeaker/rest's `MergeTrains.all({ targetBranch })` asks this way. */
  target_branch: z.string().min(1).max(255).optional(),
});

/** `POST /projects/:id/merge_trains/merge_requests/:iid`. */
export const addToMergeTrainBody = z.object({
  sha: z.string().max(64).optional(),
  squash: booleanParam.optional(),
  /** GitLab's older name of `auto_merge`. */
  when_pipeline_succeeds: booleanParam.optional(),
  /** Join the train once every merge check passes, rather than now. */
  auto_merge: booleanParam.optional(),
});
export type AddToMergeTrainBody = z.output<typeof addToMergeTrainBody>;

/** GitLab's `MergeTrains::Car` entity; `pipeline` is its merge train pipeline (null before one runs, or without CI). */
export const mergeTrainCarSchema = z.object({
  id: z.number(),
  merge_request: z.object({
    id: z.number(),
    iid: z.number(),
    project_id: z.number(),
    title: z.string(),
    description: z.string(),
    state: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    web_url: z.string(),
  }),
  user: userBasicSchema.nullable(),
  pipeline: pipelineBasicSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  target_branch: z.string(),
  status: z.enum(MERGE_TRAIN_CAR_STATUSES),
  merged_at: z.string().nullable(),
  /** Seconds from joining to merging; null until then. */
  duration: z.number().nullable(),
});
export type MergeTrainCar = z.infer<typeof mergeTrainCarSchema>;
