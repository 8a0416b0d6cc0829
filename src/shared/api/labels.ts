import { z } from 'zod';
import { labelNamesOf, type LabelRef } from '../labels/labels';
import { booleanParam, numericParam } from './params';
import { userBasicSchema } from './users';

/** GitLab's `API::Entities::LabelBasic`: what issues and merge requests carry with `with_labels_details`. */
export const labelBasicSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  description: z.string().nullable(),
  description_html: z.string().nullable(),
  text_color: z.string(),
  remove_on_close: z.boolean(),
});
export type LabelBasic = z.infer<typeof labelBasicSchema>;

/** GitLab's `API::Entities::Label` (group labels) and `ProjectLabel` (with priority and is_project_label). */
export const labelSchema = labelBasicSchema.extend({
  subscribed: z.boolean(),
  open_issues_count: z.number().int().optional(),
  closed_issues_count: z.number().int().optional(),
  open_merge_requests_count: z.number().int().optional(),
  priority: z.number().int().nullable().optional(),
  is_project_label: z.boolean().optional(),
});
export type Label = z.infer<typeof labelSchema>;

const MAX_NAME_INPUT = 1000;
const description = z.string().max(10_000);
/** A priority from 0 up; blank clears it (GitLab's `allow_blank: true`). */
const priority = z.preprocess(
  (value) => (value === '' ? null : numericParam(value)),
  z.number().int().min(0).max(2_147_483_647).nullable(),
);

/** `GET /projects/:id/labels` and `GET /groups/:id/labels`. */
export const listLabelsQuerySchema = z.object({
  with_counts: booleanParam.default(false),
  include_ancestor_groups: booleanParam.default(true),
  search: z.string().max(255).optional(),
});

/** `POST .../labels`: the title and colour are checked by the service, in GitLab's words. */
export const createLabelBodySchema = z.object({
  name: z.string().max(MAX_NAME_INPUT),
  color: z.string().max(100),
  description: description.optional(),
  priority: priority.optional(),
});
export type CreateLabelBody = z.input<typeof createLabelBodySchema>;

const updateFields = {
  new_name: z.string().max(MAX_NAME_INPUT).optional(),
  color: z.string().max(100).optional(),
  description: description.optional(),
};

/** GitLab's `at_least_one_of` message. */
const atLeastOne = (names: string[]) =>
  `${names.join(', ')} are missing, at least one parameter must be provided`;

/** Edits must change something: GitLab's `at_least_one_of`, over every field but the label's `name`. */
const withSomeChange = <T extends z.ZodRawShape>(shape: T, names: string[]) =>
  z
    .object(shape)
    .refine((body) => Object.entries(body).some(([key, value]) => key !== 'name' && value !== undefined), {
      message: atLeastOne(names),
    });

const projectUpdateFields = { ...updateFields, priority: priority.optional() };
const projectUpdateNames = ['new_name', 'color', 'description', 'priority', 'archived'];
const groupUpdateNames = ['new_name', 'color', 'description', 'archived'];
/** The label by name in the body: GitLab's deprecated `PUT .../labels` that python-gitlab 3 sends. */
const byName = { name: z.string().min(1).max(MAX_NAME_INPUT) };

/** `PUT /projects/:id/labels/:label_id`. */
export const updateProjectLabelBodySchema = withSomeChange(projectUpdateFields, projectUpdateNames);
export const updateProjectLabelByNameSchema = withSomeChange(
  { ...projectUpdateFields, ...byName },
  projectUpdateNames,
);
export type UpdateLabelBody = z.input<typeof updateProjectLabelBodySchema>;

/** `PUT /groups/:id/labels/:label_id`. */
export const updateGroupLabelBodySchema = withSomeChange(updateFields, groupUpdateNames);
export const updateGroupLabelByNameSchema = withSomeChange({ ...updateFields, ...byName }, groupUpdateNames);

/**
 * Labels of an issue or a merge request in a request (`labels`, `add_labels`, `remove_labels`): a
 * comma-separated string or a list of names, as GitLab's `LabelsList` type reads them.
 */
export const labelListParam = z.union([z.string().max(10_000), z.array(z.string().max(1000)).max(200)]);

/** The label parameters of creating and editing an issue or a merge request. */
export const labelChangeParams = {
  labels: labelListParam.optional(),
  add_labels: labelListParam.optional(),
  remove_labels: labelListParam.optional(),
};

/** The label filters of issue and merge request lists: `labels=a,b` (or None, Any) and `not[labels]=c`. */
export const labelFilterParams = {
  labels: labelListParam.optional(),
  not: z.object({ labels: labelListParam.optional() }).optional(),
  with_labels_details: booleanParam.default(false),
};

type LabelListInput = string | string[] | undefined;

/**
 * The filter a list's `labels` and `not[labels]` ask for: GitLab's `None` (no label) and `Any` (at
 * least one), in any case, or every one of the names.
 */
export function labelFilterOfQuery(query: { labels?: LabelListInput; not?: { labels?: LabelListInput } }): {
  labels?: string[] | 'none' | 'any';
  notLabels?: string[];
} {
  const names = labelNamesOf(query.labels);
  const special = names?.length === 1 ? names[0]?.toLowerCase() : undefined;
  const labels = special === 'none' || special === 'any' ? special : names;
  return { labels, notLabels: labelNamesOf(query.not?.labels) };
}

/** The label parameters of a create or edit of an issue or a merge request. */
export type LabelParams = {
  labels?: LabelListInput;
  add_labels?: LabelListInput;
  remove_labels?: LabelListInput;
};

/** The label changes a create or edit asks for (`labels` replaces, `add_labels`, `remove_labels`), or null. */
export function labelChangesOfBody(body: LabelParams): {
  set?: LabelRef[];
  add?: LabelRef[];
  remove?: LabelRef[];
} | null {
  const refs = (value: LabelListInput) =>
    labelNamesOf(value)?.map((name) => ({ kind: 'name' as const, name }));
  const changes = { set: refs(body.labels), add: refs(body.add_labels), remove: refs(body.remove_labels) };
  return Object.values(changes).some((value) => value !== undefined) ? changes : null;
}

/** GitLab's `ResourceLabelEvent`: who added or removed a label (null once the label is deleted), when. */
export const resourceLabelEventSchema = z.object({
  id: z.number().int(),
  user: userBasicSchema.nullable(),
  created_at: z.string(),
  resource_type: z.enum(['Issue', 'MergeRequest']),
  resource_id: z.number().int(),
  label: labelBasicSchema.nullable(),
  action: z.enum(['add', 'remove']),
});
export type ResourceLabelEvent = z.infer<typeof resourceLabelEventSchema>;
