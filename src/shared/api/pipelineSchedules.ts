import { z } from 'zod';
import { booleanParam } from './params';
import { pipelineBasicSchema } from './pipelines';
import { userBasicSchema } from './users';

const variableKey = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[a-zA-Z0-9_]+$/, 'can contain only letters, digits and _');

/** A schedule's variable, GitLab's `Ci::Variable` entity as schedules show it. */
export const pipelineScheduleVariableSchema = z.object({
  key: z.string(),
  value: z.string(),
  variable_type: z.enum(['env_var', 'file']),
});

/** GitLab's PipelineSchedule entity (lists). */
export const pipelineScheduleSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  ref: z.string(),
  cron: z.string(),
  cron_timezone: z.string(),
  next_run_at: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  owner: userBasicSchema.nullable(),
});

/** GitLab's PipelineScheduleDetails: the schedule with its last pipeline and variables. */
export const pipelineScheduleDetailsSchema = pipelineScheduleSchema.extend({
  last_pipeline: pipelineBasicSchema.nullable(),
  variables: z.array(pipelineScheduleVariableSchema),
});

export const pipelineScheduleListQuery = z.object({ scope: z.enum(['active', 'inactive']).optional() });

export const createPipelineScheduleBody = z.object({
  description: z.string().max(255),
  ref: z.string().max(1024),
  cron: z.string().max(255),
  cron_timezone: z.string().max(100).optional(),
  active: booleanParam.optional(),
});

export const updatePipelineScheduleBody = createPipelineScheduleBody.partial();

export const createScheduleVariableBody = z.object({
  key: variableKey,
  value: z.string().max(10_000),
  variable_type: z.enum(['env_var', 'file']).optional(),
});

export const updateScheduleVariableBody = z.object({
  value: z.string().max(10_000).optional(),
  variable_type: z.enum(['env_var', 'file']).optional(),
});

export type PipelineSchedule = z.infer<typeof pipelineScheduleSchema>;
export type PipelineScheduleDetails = z.infer<typeof pipelineScheduleDetailsSchema>;
export type PipelineScheduleVariable = z.infer<typeof pipelineScheduleVariableSchema>;
export type CreatePipelineScheduleBody = z.input<typeof createPipelineScheduleBody>;
