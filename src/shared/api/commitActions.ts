import { z } from 'zod';
import { booleanParam } from './params';

/** The merged panel's Revert and Cherry-pick: onto a branch, or onto a new branch with a new merge request. */
export const commitActionBody = z.object({
  target_branch: z.string().min(1).max(255),
  create_merge_request: booleanParam.default(false),
});
export type CommitActionBody = z.input<typeof commitActionBody>;

export const commitActionResponse = z.object({
  /** The branch the new commit is on. */
  branch: z.string(),
  commit_sha: z.string(),
  /** The new merge request's page, when one was asked for. */
  merge_request_path: z.string().nullable(),
});
export type CommitActionResponse = z.infer<typeof commitActionResponse>;
