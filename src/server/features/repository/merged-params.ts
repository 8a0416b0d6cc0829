import { z } from 'zod';
import { BadRequestError } from '../../errors';

function describe(issue: z.core.$ZodIssue): string {
  const field = issue.path.join('.') || 'body';
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${field} is missing`;
  if (issue.code === 'invalid_value') return `${field} does not have a valid value`;
  // A refinement words its own rule: `ref should be a valid reference path`.
  if (issue.code === 'custom') return `${field} ${issue.message}`;
  return `${field} is invalid`;
}

/**
 * GitLab reads a write's parameters from the query string or the body, whichever has them
 * (clients such as @gitbeaker send some only in the query). Bad input is a 400 in GitLab's words.
 */
export function parseMergedParams<S extends z.ZodType>(
  schema: S,
  query: unknown,
  body: unknown,
): z.output<S> {
  const merged = { ...(query as object | null), ...(body as object | null) };
  const result = schema.safeParse(merged);
  if (!result.success) throw new BadRequestError(result.error.issues.map(describe).join(', '));
  return result.data;
}

/** The route-level schema of such parameters: any fields, checked by `parseMergedParams`. */
export const looseParams = z.looseObject({});
