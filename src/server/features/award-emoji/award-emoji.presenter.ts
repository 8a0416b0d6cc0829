import type { AwardEmoji } from '../../../shared/api/awardEmoji';
import type { Config } from '../../config';
import { presentUserBasic } from '../users/user.presenter';
import type { AwardWithUser } from './award-emoji.repo';

/** GitLab's `API::Entities::AwardEmoji`. */
export function presentAward(
  { award, user }: AwardWithUser,
  config: Pick<Config, 'externalUrl'>,
): AwardEmoji {
  return {
    id: award.id,
    name: award.name,
    user: presentUserBasic(user, config),
    created_at: award.createdAt.toISOString(),
    updated_at: award.updatedAt.toISOString(),
    awardable_id: award.awardableId,
    awardable_type: award.awardableType,
  };
}
