import { z } from 'zod';
import { booleanParam, numericParam } from './params';
import { MAX_COMMIT_TEMPLATE_LENGTH } from '../merge-requests/commitMessage';
import { VISIBILITIES } from '../access/accessLevels';

/** GitLab's `auto_cancel_pending_pipelines` values. */
export const AUTO_CANCEL_PENDING_PIPELINES = ['enabled', 'disabled'] as const;

export const idOrPathParam = z.string().min(1).max(1000);

export const visibilitySchema = z.enum(VISIBILITIES);

/** `merge` (a merge commit), `rebase_merge` (semi-linear: a merge commit on a rebased branch), `ff` (fast-forward only). */
export const MERGE_METHODS = ['merge', 'rebase_merge', 'ff'] as const;
export type MergeMethod = (typeof MERGE_METHODS)[number];

export const SQUASH_OPTIONS = ['never', 'always', 'default_on', 'default_off'] as const;
export type SquashOption = (typeof SQUASH_OPTIONS)[number];

export const namespaceKindSchema = z.enum(['user', 'group']);

/** GitLab's namespace, as embedded in a project and as `GET /namespaces` lists it. */
export const namespaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
  kind: namespaceKindSchema,
  full_path: z.string(),
  parent_id: z.number().int().nullable(),
  avatar_url: z.string().nullable(),
  web_url: z.string(),
});

const memberAccessSchema = z.object({ access_level: z.number().int(), notification_level: z.number().int() });

/** `simple=true`: GitLab's BasicProjectDetails. */
export const simpleProjectSchema = z.object({
  id: z.number().int(),
  description: z.string().nullable(),
  name: z.string(),
  name_with_namespace: z.string(),
  path: z.string(),
  path_with_namespace: z.string(),
  created_at: z.string(),
  default_branch: z.string().nullable(),
  tag_list: z.array(z.string()),
  topics: z.array(z.string()),
  ssh_url_to_repo: z.string().nullable(),
  http_url_to_repo: z.string(),
  web_url: z.string(),
  readme_url: z.string().nullable(),
  avatar_url: z.string().nullable(),
  forks_count: z.number().int(),
  star_count: z.number().int(),
  last_activity_at: z.string(),
  namespace: namespaceSchema,
});

export const projectSchema = simpleProjectSchema.extend({
  visibility: visibilitySchema,
  archived: z.boolean(),
  creator_id: z.number().int().nullable(),
  empty_repo: z.boolean(),
  open_issues_count: z.number().int(),
  merge_method: z.enum(MERGE_METHODS),
  squash_option: z.enum(SQUASH_OPTIONS),
  only_allow_merge_if_pipeline_succeeds: z.boolean(),
  allow_merge_on_skipped_pipeline: z.boolean(),
  only_allow_merge_if_all_discussions_are_resolved: z.boolean(),
  merge_trains_enabled: z.boolean(),
  merge_trains_skip_train_allowed: z.boolean(),
  merge_pipelines_enabled: z.boolean(),
  auto_cancel_pending_pipelines: z.enum(AUTO_CANCEL_PENDING_PIPELINES),
  build_timeout: z.number().int(),
  ci_config_path: z.string().nullable(),
  remove_source_branch_after_merge: z.boolean(),
  merge_commit_template: z.string().nullable(),
  squash_commit_template: z.string().nullable(),
  merge_request_title_regex: z.string().nullable(),
  merge_request_title_regex_description: z.string().nullable(),
  permissions: z.object({
    project_access: memberAccessSchema.nullable(),
    group_access: memberAccessSchema.nullable(),
  }),
  _links: z.object({
    self: z.string(),
    merge_requests: z.string(),
    repo_branches: z.string(),
    members: z.string(),
  }),
});

export type Namespace = z.infer<typeof namespaceSchema>;
export type SimpleProject = z.infer<typeof simpleProjectSchema>;
export type Project = z.infer<typeof projectSchema>;

export const PROJECT_ORDER_BY = [
  'id',
  'name',
  'path',
  'created_at',
  'updated_at',
  'last_activity_at',
] as const;
export type ProjectOrderBy = (typeof PROJECT_ORDER_BY)[number];

export const sortParam = z.enum(['asc', 'desc']);

/** `GET /projects` filters; page parameters are added by the route. */
export const listProjectsQuery = z.object({
  membership: booleanParam.default(false),
  owned: booleanParam.default(false),
  search: z.string().max(255).optional(),
  visibility: visibilitySchema.optional(),
  order_by: z.enum(PROJECT_ORDER_BY).default('created_at'),
  sort: sortParam.default('desc'),
  simple: booleanParam.default(false),
  archived: booleanParam.optional(),
});
export type ListProjectsQuery = z.input<typeof listProjectsQuery>;
export type ListProjectsFilters = z.output<typeof listProjectsQuery>;

export const createProjectBody = z.object({
  name: z.string().trim().min(1).max(255).optional(),
  path: z.string().trim().min(1).max(255).optional(),
  namespace_id: z.preprocess(numericParam, z.number().int().positive()).optional(),
  description: z.string().max(2000).optional(),
  visibility: visibilitySchema.optional(),
  initialize_with_readme: booleanParam.optional(),
  default_branch: z.string().min(1).max(255).optional(),
});
export type CreateProjectBody = z.output<typeof createProjectBody>;

export const updateProjectBody = z.object({
  name: z.string().trim().min(1).max(255).optional(),
  description: z.string().max(2000).optional(),
  visibility: visibilitySchema.optional(),
  default_branch: z.string().min(1).max(255).optional(),
  merge_method: z.enum(MERGE_METHODS).optional(),
  squash_option: z.enum(SQUASH_OPTIONS).optional(),
  only_allow_merge_if_pipeline_succeeds: booleanParam.optional(),
  allow_merge_on_skipped_pipeline: booleanParam.optional(),
  only_allow_merge_if_all_discussions_are_resolved: booleanParam.optional(),
  /** Merge requests queue on a merge train per target branch instead of merging directly. */
  merge_trains_enabled: booleanParam.optional(),
  /** "Merge now and don't restart train" is offered. */
  merge_trains_skip_train_allowed: booleanParam.optional(),
  /** "Enable merged results pipelines": merge request pipelines run on the merge of source and target. */
  merge_pipelines_enabled: booleanParam.optional(),
  /** "Auto-cancel redundant pipelines". */
  auto_cancel_pending_pipelines: z.enum(AUTO_CANCEL_PENDING_PIPELINES).optional(),
  /** Seconds a job may run unless it sets its own timeout; the service checks GitLab's range. */
  build_timeout: z.preprocess(numericParam, z.number().int()).optional(),
  /** The CI/CD configuration file; blank is `.gitlab-ci.yml` again. The service checks GitLab's rules. */
  ci_config_path: z.string().max(1000).nullable().optional(),
  remove_source_branch_after_merge: booleanParam.optional(),
  /** An empty template means GitLab's default message again. */
  merge_commit_template: z.string().max(MAX_COMMIT_TEMPLATE_LENGTH).nullable().optional(),
  squash_commit_template: z.string().max(MAX_COMMIT_TEMPLATE_LENGTH).nullable().optional(),
  /** Checked by the service (RE2 syntax, length); an empty one removes the requirement. */
  merge_request_title_regex: z.string().max(1000).nullable().optional(),
  merge_request_title_regex_description: z.string().max(255).nullable().optional(),
});
export type UpdateProjectBody = z.output<typeof updateProjectBody>;

/** `DELETE /projects/:id`: GitLab answers 202 and removes the project. */
export const acceptedSchema = z.object({ message: z.literal('202 Accepted') });

export const listNamespacesQuery = z.object({ search: z.string().max(255).optional() });
