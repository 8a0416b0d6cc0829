import type { Config } from '../../config';

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
