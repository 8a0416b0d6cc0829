import { Link as RouterLink } from 'react-router';
import { useSession } from './useSession';

/** Right side of the top bar: the signed-in user, or the way in. */
export function HeaderUserArea() {
  const session = useSession();
  const user = session.data?.user;
  if (!user) return <RouterLink to="/users/sign_in">Sign in</RouterLink>;
  return <span>{user.username}</span>;
}
