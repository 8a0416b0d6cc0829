import { z } from 'zod';
import { userBasicSchema } from './users';

/** GitLab's `API::Entities::AwardEmoji`. */
export const awardEmojiSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  user: userBasicSchema,
  created_at: z.string(),
  updated_at: z.string(),
  awardable_id: z.number().int(),
  awardable_type: z.enum(['Note', 'Issue', 'MergeRequest']),
});
export type AwardEmoji = z.infer<typeof awardEmojiSchema>;

/**
 * `POST .../award_emoji` and the page's `toggle_award_emoji`; the name is checked against the
 * emoji list on the server.
 */
export const awardEmojiBodySchema = z.object({ name: z.string().min(1).max(100) });
