import { z } from 'zod';
import { numericParam } from './params';
import { mergeRequestSchema } from './mergeRequests';

/** `POST .../merge_requests/:iid/blocks`: the blocking merge request by its global id, as GitLab asks. */
export const createBlockBodySchema = z.object({
  blocking_merge_request_id: z.preprocess(numericParam, z.number().int().positive().max(2_147_483_647)),
});

/** GitLab's merge request dependency: which request blocks which. */
export const mergeRequestBlockSchema = z.object({
  id: z.number(),
  blocking_merge_request: mergeRequestSchema,
  blocked_merge_request: mergeRequestSchema,
  project_id: z.number(),
});
export type MergeRequestBlockJson = z.infer<typeof mergeRequestBlockSchema>;
