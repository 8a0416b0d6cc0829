import { z } from 'zod';
import { booleanParam } from './params';

/** GitLab's Variable entity (project and group CI/CD variables). */
export const cicdVariableSchema = z.object({
  variable_type: z.enum(['env_var', 'file']),
  key: z.string(),
  value: z.string().nullable(),
  hidden: z.boolean(),
  protected: z.boolean(),
  masked: z.boolean(),
  raw: z.boolean(),
  environment_scope: z.string(),
  description: z.string().nullable(),
});
export type CicdVariable = z.infer<typeof cicdVariableSchema>;

/** What `POST`/`PUT .../variables` read; limits and formats are checked as GitLab words them. */
export const cicdVariableBody = z.object({
  key: z.string().max(1000).optional(),
  value: z.coerce.string().max(100_000).optional(),
  variable_type: z.enum(['env_var', 'file']).optional(),
  protected: booleanParam.optional(),
  masked: booleanParam.optional(),
  raw: booleanParam.optional(),
  environment_scope: z.string().max(255).optional(),
  description: z.string().max(255).nullable().optional(),
  filter: z.object({ environment_scope: z.string().max(255).optional() }).optional(),
});

/** `filter[environment_scope]`: which of a key's variables a request means. */
export const cicdVariableFilterQuery = z.object({
  filter: z.object({ environment_scope: z.string().max(255).optional() }).optional(),
});
