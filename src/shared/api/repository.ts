import { z } from 'zod';
import { booleanParam } from './params';
import { PROTECTED_ACCESS_LEVELS } from '../access/protectedAccessLevels';

import {
  INVALID_FILE_PATH,
  INVALID_REFERENCE,
  MAX_REPOSITORY_PATH_LENGTH,
  MAX_REVISION_LENGTH,
  repositoryPathProblem,
  revisionProblem,
} from '../repository/repositoryInput';

/** A path inside the repository a route hands to git (`''` is the root): see repositoryInput. */
export const repositoryPathParam = z
  .string()
  .max(MAX_REPOSITORY_PATH_LENGTH)
  .refine((path) => repositoryPathProblem(path) === null, INVALID_FILE_PATH);

/** A branch, tag or commit a route hands to git: see repositoryInput. */
export const revisionParam = z
  .string()
  .min(1)
  .max(MAX_REVISION_LENGTH)
  .refine((revision) => revisionProblem(revision) === null, INVALID_REFERENCE);

const accessLevelEntrySchema = z.object({
  id: z.number().int(),
  access_level: z.number().int(),
  access_level_description: z.string(),
  deploy_key_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  group_id: z.number().int().nullable(),
});

/** GitLab's protected branch: `name` may be a wildcard such as `release/*`. */
export const protectedBranchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  push_access_levels: z.array(accessLevelEntrySchema),
  merge_access_levels: z.array(accessLevelEntrySchema),
  unprotect_access_levels: z.array(accessLevelEntrySchema),
  allow_force_push: z.boolean(),
  code_owner_approval_required: z.boolean(),
});
export type ProtectedBranch = z.infer<typeof protectedBranchSchema>;

const level = z.coerce
  .number()
  .int()
  .refine(
    (value) => (PROTECTED_ACCESS_LEVELS as readonly number[]).includes(value),
    'is not a valid access level',
  );

export const protectBranchBodySchema = z.object({
  name: z.string().min(1).max(255),
  push_access_level: level.default(40),
  merge_access_level: level.default(40),
  allow_force_push: booleanParam.default(false),
  code_owner_approval_required: booleanParam.default(false),
});

/** `PATCH /projects/:id/protected_branches/:name`: only the settings given change. */
export const updateProtectedBranchBodySchema = z.object({
  allow_force_push: booleanParam.optional(),
  code_owner_approval_required: booleanParam.optional(),
});

/** A commit as the repository and merge request APIs show it. */
export const commitSchema = z.object({
  id: z.string(),
  short_id: z.string(),
  created_at: z.string(),
  parent_ids: z.array(z.string()),
  title: z.string(),
  message: z.string(),
  author_name: z.string(),
  author_email: z.string(),
  authored_date: z.string(),
  committer_name: z.string(),
  committer_email: z.string(),
  committed_date: z.string(),
  trailers: z.record(z.string(), z.string()),
  extended_trailers: z.record(z.string(), z.array(z.string())),
  web_url: z.string(),
});
export type CommitJson = z.infer<typeof commitSchema>;

export const commitDetailSchema = commitSchema.extend({
  stats: z.object({ additions: z.number().int(), deletions: z.number().int(), total: z.number().int() }),
  status: z.string().nullable(),
  project_id: z.number().int(),
  last_pipeline: z.null(),
});
export type CommitDetailJson = z.infer<typeof commitDetailSchema>;

export const branchSchema = z.object({
  name: z.string(),
  merged: z.boolean(),
  protected: z.boolean(),
  default: z.boolean(),
  developers_can_push: z.boolean(),
  developers_can_merge: z.boolean(),
  can_push: z.boolean(),
  web_url: z.string(),
  commit: commitSchema,
});
export type BranchJson = z.infer<typeof branchSchema>;

export const treeEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['tree', 'blob', 'commit']),
  path: z.string(),
  mode: z.string(),
});
export type TreeEntryJson = z.infer<typeof treeEntrySchema>;

export const repositoryFileSchema = z.object({
  file_name: z.string(),
  file_path: z.string(),
  size: z.number().int(),
  encoding: z.literal('base64'),
  content_sha256: z.string(),
  ref: z.string(),
  blob_id: z.string(),
  commit_id: z.string(),
  last_commit_id: z.string(),
  execute_filemode: z.boolean(),
  content: z.string(),
});
export type RepositoryFileJson = z.infer<typeof repositoryFileSchema>;

/**
 * One file of a diff in GitLab's REST shape (its `Diff` entity): a commit's diff, compare, and a
 * merge request's `changes`, `diffs` and version items.
 */
export const diffFileSchema = z.object({
  old_path: z.string(),
  new_path: z.string(),
  a_mode: z.string(),
  b_mode: z.string(),
  new_file: z.boolean(),
  renamed_file: z.boolean(),
  deleted_file: z.boolean(),
  generated_file: z.boolean(),
  diff: z.string(),
});
export type DiffFileJson = z.infer<typeof diffFileSchema>;

/** `POST/PUT/DELETE .../repository/files/:file_path`. */
export const fileChangeBodySchema = z.object({
  branch: z.string().min(1).max(255),
  commit_message: z.string().min(1).max(100_000),
  start_branch: revisionParam.optional(),
  encoding: z.enum(['text', 'base64']).default('text'),
  author_email: z.string().email().max(255).optional(),
  author_name: z.string().min(1).max(255).optional(),
  content: z
    .string()
    .max(20 * 1024 * 1024)
    .optional(),
  execute_filemode: booleanParam.optional(),
  last_commit_id: z
    .string()
    .regex(/^[0-9a-f]{40}$/)
    .optional(),
});
export type FileChangeBody = z.input<typeof fileChangeBodySchema>;

/** The response of a file create or update: where it landed. */
export const fileChangeResultSchema = z.object({ file_path: z.string(), branch: z.string() });

/**
 * The page's branch deletion, `DELETE {project}/-/branches/{branch}`: GitLab answers with a
 * message, and the widget refreshes itself when it reads 'Branch was deleted' (spec 000 §7).
 */
export const pageBranchDeleteResponseSchema = z.object({ message: z.string() });
export type PageBranchDeleteResponse = z.infer<typeof pageBranchDeleteResponseSchema>;
