import { z } from 'zod';
import { COMMIT_STATUS_STATES } from '../ci/status/commitStatus';
import { booleanParam } from './params';
import { userBasicSchema } from './users';

/** `POST /projects/:id/statuses/:sha`. */
export const commitStatusBody = z.object({
  state: z.enum(COMMIT_STATUS_STATES),
  ref: z.string().min(1).max(1024).optional(),
  name: z.string().min(1).max(255).optional(),
  context: z.string().min(1).max(255).optional(),
  target_url: z
    .string()
    .max(2048)
    .regex(/^https?:\/\//, 'is blocked: Only allowed schemes are http, https')
    .optional(),
  description: z.string().max(255).optional(),
  coverage: z.coerce.number().min(0).max(100).optional(),
  pipeline_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const commitStatusListQuery = z.object({
  ref: z.string().max(1024).optional(),
  stage: z.string().max(255).optional(),
  name: z.string().max(255).optional(),
  pipeline_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  all: booleanParam.optional(),
});

/** GitLab's CommitStatus entity. */
export const commitStatusSchema = z.object({
  id: z.number().int(),
  sha: z.string(),
  ref: z.string(),
  status: z.string(),
  name: z.string(),
  target_url: z.string().nullable(),
  description: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  allow_failure: z.boolean(),
  coverage: z.number().nullable(),
  pipeline_id: z.number().int(),
  author: userBasicSchema.nullable(),
});

export type CommitStatus = z.infer<typeof commitStatusSchema>;
