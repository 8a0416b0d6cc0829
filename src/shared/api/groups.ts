import { z } from 'zod';
import { MEMBER_ACCESS_LEVELS } from '../access/accessLevels';
import { booleanParam, numericParam } from './params';
import { sortParam, visibilitySchema } from './projects';

export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
  full_name: z.string(),
  full_path: z.string(),
  description: z.string(),
  visibility: visibilitySchema,
  web_url: z.string(),
  parent_id: z.number().int().nullable(),
  created_at: z.string(),
  avatar_url: z.string().nullable(),
});
export type Group = z.infer<typeof groupSchema>;

export const createGroupBody = z.object({
  name: z.string().trim().min(1).max(255),
  path: z.string().trim().min(1).max(255),
  visibility: visibilitySchema.optional(),
  parent_id: z.preprocess(numericParam, z.number().int().positive()).optional(),
  description: z.string().max(2000).optional(),
});
export type CreateGroupBody = z.output<typeof createGroupBody>;

export const updateGroupBody = z.object({
  name: z.string().trim().min(1).max(255).optional(),
  description: z.string().max(2000).optional(),
  visibility: visibilitySchema.optional(),
});
export type UpdateGroupBody = z.output<typeof updateGroupBody>;

export const GROUP_ORDER_BY = ['name', 'path', 'id'] as const;

/** `GET /groups` filters; page parameters are added by the route. */
export const listGroupsQuery = z.object({
  search: z.string().max(255).optional(),
  owned: booleanParam.default(false),
  min_access_level: z.preprocess(numericParam, z.literal(MEMBER_ACCESS_LEVELS)).optional(),
  top_level_only: booleanParam.default(false),
  order_by: z.enum(GROUP_ORDER_BY).default('name'),
  sort: sortParam.default('asc'),
});
export type ListGroupsQuery = z.input<typeof listGroupsQuery>;
export type ListGroupsFilters = z.output<typeof listGroupsQuery>;

/** `GET /groups/:id/projects`. */
export const listGroupProjectsQuery = z.object({
  search: z.string().max(255).optional(),
  include_subgroups: booleanParam.default(false),
  simple: booleanParam.default(false),
});
