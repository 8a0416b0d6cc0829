import { z } from 'zod';
import { TOKEN_SCOPES } from '../access/credentials';

/** A calendar date, `YYYY-MM-DD`, as GitLab takes and returns token expiry dates. */
export const isoDate = z.iso.date();

/** A personal access token as `GET /api/v4/personal_access_tokens` lists it. */
export const personalAccessTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  revoked: z.boolean(),
  created_at: z.string(),
  scopes: z.array(z.string()),
  user_id: z.number().int(),
  last_used_at: z.string().nullable(),
  active: z.boolean(),
  expires_at: z.string().nullable(),
});

/** The create response: the only time the secret itself is sent. */
export const newPersonalAccessTokenSchema = personalAccessTokenSchema.extend({ token: z.string() });

export const createPersonalAccessTokenSchema = z.object({
  name: z.string().trim().min(1).max(255),
  scopes: z.array(z.enum(TOKEN_SCOPES)).min(1).max(TOKEN_SCOPES.length),
  expires_at: isoDate.nullish(),
});

export type PersonalAccessToken = z.infer<typeof personalAccessTokenSchema>;
export type NewPersonalAccessToken = z.infer<typeof newPersonalAccessTokenSchema>;
export type CreatePersonalAccessToken = z.infer<typeof createPersonalAccessTokenSchema>;
