import { Avatar } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import { EntityAvatar } from '../../components/EntityAvatar';
import type { GraphqlUser } from './approvalsQuery';
import { userIdOf } from './approvalsWidgetInput';

/** One user's avatar linking to their profile: their picture, else their initial. */
export function UserAvatar({ user, size }: { user: GraphqlUser; size: number }) {
  return (
    <RouterLink to={user.webPath} className="approvals-avatar" title={user.name} aria-label={user.name}>
      {user.avatarUrl ? (
        <Avatar src={user.avatarUrl} size={size} alt="" />
      ) : (
        <EntityAvatar id={userIdOf(user)} name={user.name} size={size} />
      )}
    </RouterLink>
  );
}

/** A row of avatars (size 24 in the approval lists, 002 §2). */
export function UserAvatars({ users, size, label }: { users: GraphqlUser[]; size: number; label: string }) {
  if (users.length === 0) return null;
  return (
    <span className="approvals-avatars" role="list" aria-label={label}>
      {users.map((user) => (
        <span role="listitem" key={user.id}>
          <UserAvatar user={user} size={size} />
        </span>
      ))}
    </span>
  );
}
