import { z } from 'zod';

/**
 * `{project}/-/jobs/{id}/trace.json?state=`: GitLab's incremental log read. `state` is where the
 * last answer ended (a byte offset here, opaque to the page), so a live page asks only for what
 * arrived since.
 */
export const jobTraceQuery = z.object({
  state: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 40)
    .optional(),
});

export const jobTraceSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  /** The job has finished: nothing more will arrive. */
  complete: z.boolean(),
  /** Where this answer ends, for the next `state`. */
  state: z.string(),
  /** `content` follows what the page already has; false when it replaces it (a first read, a rewritten log). */
  append: z.boolean(),
  /** Where `content` starts in the log, in bytes. */
  offset: z.number().int(),
  /** The stored log's size, in bytes. */
  size: z.number().int(),
  /** The log was longer than a page reads: `content` is its end, from a line's start. */
  truncated: z.boolean(),
  /** The log's text, masked, in whole lines while the job runs. */
  content: z.string(),
});
export type JobTrace = z.infer<typeof jobTraceSchema>;

/** The most of a log a page reads at first: the rest is in the raw log. */
export const MAX_TRACE_PAGE_BYTES = 32 * 1024 * 1024;
