import { z } from 'zod';
import { booleanParam } from './params';

/** A task list item ticked on the page, as GitLab's front end names it (`update_task`). */
export const updateTaskSchema = z.object({
  /** Which checkbox of the text, from 1; informative, the line decides. */
  index: z.coerce.number().int().min(1).max(1_000_000).optional(),
  checked: booleanParam,
  line_number: z.coerce.number().int().min(1).max(1_000_000),
  line_source: z.string().max(100_000),
});
/** What the page sends for a ticked box. */
export type UpdateTask = { index?: number; checked: boolean; line_number: number; line_source: string };

/**
 * `PUT|PATCH {project}/-/issues/{iid}.json` with `issue`, or `.../merge_requests/{iid}.json` with
 * `merge_request`: GitLab's page sends the new text, its `lock_version` and the tick. The server
 * ticks the item in the text it holds, so the text sent is not needed and not trusted.
 */
const taskEdit = z.object({
  description: z.string().max(1_000_000).optional(),
  lock_version: z.coerce.number().int().min(0).optional(),
  update_task: updateTaskSchema,
});
export const issueTaskBodySchema = z.object({ issue: taskEdit });
export const mergeRequestTaskBodySchema = z.object({ merge_request: taskEdit });
export type IssueTaskBody = z.input<typeof issueTaskBodySchema>;
export type MergeRequestTaskBody = z.input<typeof mergeRequestTaskBodySchema>;

/** The words the page shows when the text changed under a tick, as GitLab's issuable conflict. */
export const editedMeanwhileText = (noun: 'issue' | 'merge request' | 'comment'): string =>
  `Someone edited this ${noun} at the same time you did. Please refresh your browser and make sure your changes will not unintentionally remove theirs.`;
