import { z } from 'zod';
import { idListParam, numericParam } from './params';

/** GitLab caps assignees per issue for free tiers at one; we allow a handful, as paid tiers do. */
export const MAX_ASSIGNEES = 100;

const dbId = z.preprocess(numericParam, z.number().int().positive().max(2_147_483_647));

/** `assignee_ids[]=1&assignee_ids[]=2`, `assignee_ids=1,2` or a JSON list (an empty one unassigns everyone). */
export const assigneeIdsParam = idListParam(MAX_ASSIGNEES);

/** GitLab's single `assignee_id` of an update: 0 unassigns everyone. */
export const assigneeIdParam = z.preprocess(numericParam, z.number().int().min(0).max(2_147_483_647));

/** `assignee_id` filters by a user, or GitLab's `None` (unassigned) and `Any` (assigned). */
export const assigneeFilterParam = z
  .union([z.enum(['None', 'Any', 'none', 'any']), dbId])
  .transform((value) => (typeof value === 'string' ? (value.toLowerCase() as 'none' | 'any') : value));

/** The assignees asked for: `assignee_ids`, else the single `assignee_id` (0 unassigns everyone). */
export function requestedAssignees(body: {
  assignee_ids?: number[] | undefined;
  assignee_id?: number | undefined;
}): number[] | undefined {
  if (body.assignee_ids !== undefined) return body.assignee_ids;
  if (body.assignee_id === undefined) return undefined;
  return body.assignee_id === 0 ? [] : [body.assignee_id];
}

/** `assignee_username=x` or `assignee_username[]=x`: GitLab's list of one (its free tier's limit). */
export const assigneeUsernameParam = z
  .preprocess(
    (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : [value]),
    z.array(z.string().min(1).max(255)),
  )
  .superRefine((names, ctx) => {
    if (names.length > 1)
      ctx.addIssue({
        code: 'custom',
        message: `allows one value, but found ${names.length}: ${names.join(', ')}`,
      });
  })
  .transform((names) => names[0]);
