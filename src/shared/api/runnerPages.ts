import { z } from 'zod';
import { RUNNER_ACCESS_LEVELS, RUNNER_LIST_SCOPES, RUNNER_STATUSES, RUNNER_TYPES } from './runners';

/** Whose runners a runners page lists: the instance's (admin area), a group's, or a project's. */
export const RUNNER_OWNER_TYPES = ['instance', 'group', 'project'] as const;
export type RunnerOwnerType = (typeof RUNNER_OWNER_TYPES)[number];

/** `GET /-/runners.json`: one page of the runners an owner's runners page shows. */
export const runnersPageQuery = z.object({
  owner_type: z.enum(RUNNER_OWNER_TYPES),
  /** The group's or project's full path; none for the instance. */
  owner: z.string().min(1).max(1000).optional(),
  status: z.enum(RUNNER_LIST_SCOPES).optional(),
  /** Only runners of this scope (GitLab's admin runners page `type` filter). */
  type: z.enum(RUNNER_TYPES).optional(),
});
export type RunnersPageQuery = z.infer<typeof runnersPageQuery>;

/** A runner as a row of a runners page: what it is, its status and settings, and what the viewer may do. */
export const runnerPageRowSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  runner_type: z.enum(RUNNER_TYPES),
  status: z.enum(RUNNER_STATUSES),
  paused: z.boolean(),
  tag_list: z.array(z.string()),
  run_untagged: z.boolean(),
  locked: z.boolean(),
  access_level: z.enum(RUNNER_ACCESS_LEVELS),
  maximum_timeout: z.number().int().nullable(),
  contacted_at: z.string().nullable(),
  created_at: z.string(),
  version: z.string().nullable(),
  ip_address: z.string().nullable(),
  /** The viewer may pause, edit and delete it (a project's Maintainers see instance runners, read only). */
  can_manage: z.boolean(),
});
export type RunnerPageRow = z.infer<typeof runnerPageRowSchema>;

export const runnersPageSchema = z.object({
  runners: z.array(runnerPageRowSchema),
  total: z.number().int(),
  /** The owner's id, for `POST /api/v4/user/runners` (`group_id`, `project_id`); null for the instance. */
  owner_id: z.number().int().nullable(),
  /** How the server's own runner keeps jobs apart from the machine; for administrators only. */
  isolation: z.string().nullable(),
});
export type RunnersPage = z.infer<typeof runnersPageSchema>;
