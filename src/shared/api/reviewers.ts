import { z } from 'zod';
import { MAX_DB_ID, numericParam } from './params';
import { assigneeFilterParam, assigneeUsernameParam } from './assignees';
import { userBasicSchema } from './users';
import { mergeRequestTaskBodySchema } from './taskLists';

/** GitLab's `MergeRequestReviewer` states, in its own spelling. */
export const REVIEWER_STATES = [
  'unreviewed',
  'review_started',
  'reviewed',
  'requested_changes',
  'approved',
  'unapproved',
] as const;
export type ReviewerState = (typeof REVIEWER_STATES)[number];

/** As many reviewers as assignees: GitLab's paid tiers allow 200; a hundred is plenty here. */
export const MAX_REVIEWERS = 100;

/**
 * `reviewer_ids[]=1&reviewer_ids[]=2`, `reviewer_ids=1,2` or a JSON list. GitLab's `0` (or an
 * empty list) removes every reviewer, so zeros are dropped.
 */
export const reviewerIdsParam = z
  .preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter((part) => part !== '') : value),
    z.array(z.preprocess(numericParam, z.number().int().min(0).max(MAX_DB_ID))).max(MAX_REVIEWERS),
  )
  .transform((ids) => ids.filter((id) => id !== 0));

/** `reviewer_id` filters by a user, or GitLab's `None` (no reviewer) and `Any` (some reviewer). */
export const reviewerFilterParam = assigneeFilterParam;

/** `reviewer_username=x`: one user, as GitLab takes it. */
export const reviewerUsernameParam = assigneeUsernameParam;

/** `GET /projects/:id/merge_requests/:iid/reviewers`: GitLab's `API::Entities::MergeRequestReviewer`. */
export const mergeRequestReviewerSchema = z.object({
  user: userBasicSchema,
  state: z.enum(REVIEWER_STATES),
  created_at: z.string(),
});
export type MergeRequestReviewer = z.infer<typeof mergeRequestReviewerSchema>;

/**
 * `PUT {project}/-/merge_requests/{iid}.json`, GitLab's page update: a ticked task
 * (`merge_request[update_task]`) or the reviewers (`merge_request[reviewer_ids]`).
 */
export const mergeRequestPageUpdateBodySchema = z.object({
  merge_request: z.union([
    mergeRequestTaskBodySchema.shape.merge_request,
    z.object({ reviewer_ids: reviewerIdsParam }),
  ]),
});
