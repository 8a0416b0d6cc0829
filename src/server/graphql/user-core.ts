import { toGlobalId } from './global-id';

/** GitLab's `UserCore`: a user as every GraphQL type that names one shows them. */
export const presentUserCore = (
  user: { id: number; username: string; name: string },
  externalUrl: string,
) => ({
  id: toGlobalId('User', user.id),
  username: user.username,
  name: user.name,
  webUrl: `${externalUrl}/${user.username}`,
  avatarUrl: null,
});
