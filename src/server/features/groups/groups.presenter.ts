import type { Group } from '../../../shared/api/groups';
import type { Config } from '../../config';
import { namespaceWebUrl } from '../projects/projects.presenter';
import type { GroupRow } from './groups.repo';

export function presentGroup({ group, fullName }: GroupRow, config: Pick<Config, 'externalUrl'>): Group {
  return {
    id: group.id,
    name: group.name,
    path: group.path,
    full_name: fullName,
    full_path: group.fullPath,
    description: group.description,
    visibility: group.visibility,
    web_url: namespaceWebUrl(group, config),
    parent_id: group.parentId,
    created_at: group.createdAt.toISOString(),
    avatar_url: null,
  };
}
