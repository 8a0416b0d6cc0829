import { z } from 'zod';
import { MEMBER_ACCESS_LEVELS } from '../access/accessLevels';
import { numericParam } from './params';

export const memberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  state: z.string(),
  avatar_url: z.string().nullable(),
  web_url: z.string(),
  access_level: z.number().int(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  membership_state: z.literal('active'),
  locked: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

const accessLevelParam = z.preprocess(numericParam, z.number().int().pipe(z.literal(MEMBER_ACCESS_LEVELS)));

/** GitLab's `YYYY-MM-DD`; this server keeps no expiry, so the service refuses any date given. */
const expiresAtParam = z.string().max(30).nullable().optional();

/** GitLab names the new member by `user_id` or `username`; one of them is required. */
export const addMemberBody = z.object({
  user_id: z.preprocess(numericParam, z.number().int().positive()).optional(),
  username: z.string().min(1).max(255).optional(),
  access_level: accessLevelParam,
  expires_at: expiresAtParam,
});
export type AddMemberBody = z.output<typeof addMemberBody>;

export const updateMemberBody = z.object({ access_level: accessLevelParam, expires_at: expiresAtParam });
export type UpdateMemberBody = z.output<typeof updateMemberBody>;

export const listMembersQuery = z.object({ query: z.string().max(255).optional() });
