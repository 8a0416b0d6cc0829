import { z } from 'zod';
import { commitSchema } from './repository';

/** A merge request may carry at most this many previously merged commits. */
export const MAX_CONTEXT_COMMITS = 100;

/** A commit named by its sha, full or abbreviated (7 to 40 hex digits), as GitLab takes them. */
export const contextCommitShaSchema = z
  .string()
  .regex(/^[0-9a-fA-F]{7,40}$/, 'must be a commit sha (7 to 40 hexadecimal digits)')
  .transform((sha) => sha.toLowerCase());

/**
 * `POST` and `DELETE .../merge_requests/:iid/context_commits`: GitLab's `commits`, an array of shas
 * (a lone sha is taken as an array of one, as a form field with one value arrives).
 */
export const contextCommitsBodySchema = z.object({
  commits: z.preprocess(
    (value) => (typeof value === 'string' ? [value] : value),
    z.array(contextCommitShaSchema).min(1).max(MAX_CONTEXT_COMMITS),
  ),
});
export type ContextCommitsBody = z.input<typeof contextCommitsBodySchema>;

/** A context commit: GitLab's commit shape, as the merge request's own commits are presented. */
export const contextCommitSchema = commitSchema;
export type ContextCommit = z.infer<typeof contextCommitSchema>;

/**
 * The add dialog's list (`{project}/-/merge_requests/{iid}/context_commits/candidates.json`): the
 * target branch's recent commits, those whose message holds `search` when given.
 */
export const contextCommitCandidatesQuerySchema = z.object({
  search: z.string().max(255).optional(),
  per_page: z.coerce.number().int().min(1).max(100).default(40),
});

export const contextCommitCandidatesSchema = z.object({
  target_branch: z.string(),
  commits: z.array(
    commitSchema.extend({
      /** Already a context commit of the request. */
      added: z.boolean(),
    }),
  ),
});
export type ContextCommitCandidates = z.infer<typeof contextCommitCandidatesSchema>;
