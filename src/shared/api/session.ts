import { z } from 'zod';
import { booleanParam } from './params';
import { MIN_PASSWORD_LENGTH } from '../access/credentials';

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

/** `POST /users/sign_in`: `login` is a username or a primary e-mail address. */
export const signInRequestSchema = z.object({
  login: z.string().trim().min(1).max(255),
  password: z.string().min(1).max(1024),
  remember_me: booleanParam.optional(),
});

/** `POST /users`: the sign-up form. */
export const signUpRequestSchema = z.object({
  name: z.string().trim().min(1).max(255),
  username: z.string().trim().min(1).max(255),
  email: z.string().trim().email().max(255),
  password: z.string().min(MIN_PASSWORD_LENGTH).max(128),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export type SignInRequest = z.infer<typeof signInRequestSchema>;
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;
