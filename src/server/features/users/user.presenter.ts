import type { User, UserDetails } from '../../../shared/api/users';
import type { Config } from '../../config';
import type { UserRow } from './users.repo';

type UserLike = { id: number; username: string; name: string; state: string };

/** GitLab's "UserBasic": how a user appears inside other objects (authors, members, assignees). */
export function presentUserBasic(user: UserLike, config: Pick<Config, 'externalUrl'>) {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    state: user.state,
    locked: false,
    avatar_url: null,
    web_url: `${config.externalUrl}/${user.username}`,
  };
}

export type UserBasic = ReturnType<typeof presentUserBasic>;

/** The public profile. Profile fields this instance does not keep are GitLab's empty values. */
export function presentUser(user: UserRow, config: Pick<Config, 'externalUrl'>): User {
  return {
    ...presentUserBasic(user, config),
    created_at: user.createdAt.toISOString(),
    bio: user.bio,
    location: '',
    public_email: null,
    skype: '',
    linkedin: '',
    twitter: '',
    discord: '',
    website_url: '',
    organization: '',
    job_title: '',
    pronouns: null,
    bot: false,
    work_information: null,
    followers: 0,
    following: 0,
    local_time: null,
  };
}

/** The profile with its private fields, for the user themself and for administrators. */
export function presentUserDetails(
  user: UserRow,
  namespaceId: number | null,
  config: Pick<Config, 'externalUrl'>,
): UserDetails {
  return {
    ...presentUser(user, config),
    email: user.email,
    commit_email: user.email,
    is_admin: user.admin,
    namespace_id: namespaceId,
    last_sign_in_at: null,
    current_sign_in_at: null,
    confirmed_at: user.createdAt.toISOString(),
    last_activity_on: null,
    theme_id: 1,
    color_scheme_id: 1,
    projects_limit: 100_000,
    identities: [],
    can_create_group: user.state === 'active',
    can_create_project: user.state === 'active',
    two_factor_enabled: false,
    external: false,
    private_profile: false,
    note: null,
  };
}
