import { z } from 'zod';

/** GitLab's "UserBasic": how a user appears inside other objects (authors, members, assignees). */
export const userBasicSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  state: z.string(),
  locked: z.boolean(),
  avatar_url: z.string().nullable(),
  web_url: z.string(),
});

/** GitLab's "User": the public profile `GET /api/v4/users/:id` shows to anyone. */
export const userSchema = userBasicSchema.extend({
  created_at: z.string(),
  bio: z.string(),
  location: z.string(),
  public_email: z.string().nullable(),
  skype: z.string(),
  linkedin: z.string(),
  twitter: z.string(),
  discord: z.string(),
  website_url: z.string(),
  organization: z.string(),
  job_title: z.string(),
  pronouns: z.string().nullable(),
  bot: z.boolean(),
  work_information: z.string().nullable(),
  followers: z.number().int(),
  following: z.number().int(),
  local_time: z.string().nullable(),
});

/** The profile with private fields: for the user themself (`GET /user`) and for administrators. */
export const userDetailsSchema = userSchema.extend({
  email: z.string(),
  commit_email: z.string(),
  is_admin: z.boolean(),
  namespace_id: z.number().int().nullable(),
  last_sign_in_at: z.string().nullable(),
  current_sign_in_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  last_activity_on: z.string().nullable(),
  theme_id: z.number().int(),
  color_scheme_id: z.number().int(),
  projects_limit: z.number().int(),
  identities: z.array(z.object({ provider: z.string(), extern_uid: z.string() })),
  can_create_group: z.boolean(),
  can_create_project: z.boolean(),
  two_factor_enabled: z.boolean(),
  external: z.boolean(),
  private_profile: z.boolean(),
  note: z.string().nullable(),
});

export type UserBasic = z.infer<typeof userBasicSchema>;
export type User = z.infer<typeof userSchema>;
export type UserDetails = z.infer<typeof userDetailsSchema>;
