import { z } from 'zod';

/** The signed-in user as the web app sees it. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  admin: z.boolean(),
  avatar_url: z.string().nullable(),
  web_url: z.string(),
});

/** `GET /-/session`: who is signed in, and the CSRF token the web client sends on every mutating request. */
export const sessionResponseSchema = z.object({
  user: sessionUserSchema.nullable(),
  csrf_token: z.string().nullable(),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
