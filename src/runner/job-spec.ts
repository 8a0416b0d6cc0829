import { z } from 'zod';

/** A job variable as GitLab sends it to runners. */
const variableSchema = z.object({
  key: z.string(),
  value: z.string(),
  public: z.boolean().optional(),
  masked: z.boolean().optional(),
  file: z.boolean().optional(),
  raw: z.boolean().optional(),
});
export type JobVariable = z.infer<typeof variableSchema>;

const stepSchema = z.object({
  name: z.string(),
  script: z.array(z.string()),
  timeout: z.number().int().optional(),
  when: z.string().optional(),
  allow_failure: z.boolean().optional(),
});

/**
 * What this runner reads of a job (GitLab's job request answer); other fields (image, services,
 * cache ...) are for executors this runner does not have and are left out.
 */
export const jobSpecSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  job_info: z.object({
    name: z.string(),
    stage: z.string(),
    project_id: z.number().int(),
    project_name: z.string(),
    project_full_path: z.string().optional(),
  }),
  git_info: z.object({
    repo_url: z.string(),
    ref: z.string(),
    sha: z.string(),
    before_sha: z.string().nullable().optional(),
    ref_type: z.string(),
    refspecs: z.array(z.string()).default([]),
    depth: z.number().int().default(0),
  }),
  runner_info: z.object({ timeout: z.number().int() }),
  variables: z.array(variableSchema),
  steps: z.array(stepSchema),
  features: z.object({ trace_sections: z.boolean().optional() }).loose().optional(),
  artifacts: z
    .array(
      z.object({
        name: z.string().nullable().optional(),
        untracked: z.boolean().optional(),
        paths: z.array(z.string()).default([]),
        exclude: z.array(z.string()).default([]),
        when: z.string().nullable().optional(),
        expire_in: z.string().nullable().optional(),
        artifact_type: z.string().optional(),
        artifact_format: z.string().optional(),
      }),
    )
    .nullable()
    .default([]),
  dependencies: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        artifacts_file: z.object({ filename: z.string(), size: z.number() }).nullable().optional(),
      }),
    )
    .nullable()
    .default([]),
});
export type JobSpec = z.infer<typeof jobSpecSchema>;
export type JobStep = z.infer<typeof stepSchema>;
