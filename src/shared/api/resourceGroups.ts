import { z } from 'zod';
import { PROCESS_MODES } from '../ci/resource-groups/resourceGroups';

/** GitLab's `Ci::ResourceGroup` entity. */
export const resourceGroupSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  process_mode: z.enum(PROCESS_MODES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ResourceGroup = z.infer<typeof resourceGroupSchema>;

/** `PUT /projects/:id/resource_groups/:key`: only the process mode changes. */
export const resourceGroupUpdateBody = z.object({
  process_mode: z.enum(PROCESS_MODES).optional(),
});
