import { z } from 'zod';
import { userBasicSchema } from './users';

/** GitLab's Trigger entity: the token in full for its owner, its first characters for others. */
export const pipelineTriggerSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_used: z.string().nullable(),
  owner: userBasicSchema.nullable(),
});

export const pipelineTriggerBody = z.object({ description: z.string().max(255) });
export const updatePipelineTriggerBody = pipelineTriggerBody.partial();

const variableKey = z
  .string()
  .max(255)
  .regex(/^[a-zA-Z0-9_]+$/);

/** `POST /projects/:id/trigger/pipeline`: `variables[KEY]=value` (or a JSON object). */
export const triggerPipelineBody = z.object({
  token: z.string().min(1).max(255),
  ref: z.string().min(1).max(1024),
  variables: z.record(variableKey, z.coerce.string().max(10_000)).optional(),
});

export type PipelineTrigger = z.infer<typeof pipelineTriggerSchema>;
