import type { Member } from '../../../shared/api/members';
import type { Config } from '../../config';
import type { MemberRow } from './members.repo';

export function presentMember(member: MemberRow, config: Pick<Config, 'externalUrl'>): Member {
  return {
    id: member.user.id,
    username: member.user.username,
    name: member.user.name,
    state: member.user.state,
    avatar_url: null,
    web_url: `${config.externalUrl}/${member.user.username}`,
    access_level: member.accessLevel,
    created_at: member.createdAt.toISOString(),
    expires_at: null,
    membership_state: 'active',
    locked: false,
  };
}
