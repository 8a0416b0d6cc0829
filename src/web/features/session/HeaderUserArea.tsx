import { ActionList, ActionMenu, Link, LinkButton } from '@primer/react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { SessionUser } from '../../../shared/api/session';
import { useSignOut } from './mutations';
import { sessionPageUrl } from './redirectTarget';
import { UserInitial } from './UserInitial';
import { useSession } from '../../lib/useSession';
import './session.css';

const TOKENS_PAGE = '/-/user_settings/personal_access_tokens';

/** Right side of the top bar: the signed-in user's menu, or the ways in. */
export function HeaderUserArea() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <div className="header-user" />;
  const user = session.data?.user;
  if (user) return <UserMenu user={user} />;
  const here = `${location.pathname}${location.search}`;
  return (
    <div className="header-user">
      <Link as={RouterLink} to={sessionPageUrl('sign_in', here)}>
        Sign in
      </Link>
      <LinkButton as={RouterLink} to={sessionPageUrl('sign_up', here)} size="small">
        Register
      </LinkButton>
    </div>
  );
}

function UserMenu({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  // The menu unmounts as soon as the session is gone, so the way on is chained to the promise.
  const onSignOut = () =>
    void signOut.mutateAsync().then(
      () => navigate('/users/sign_in'),
      () => undefined,
    );
  return (
    <div className="header-user">
      <ActionMenu>
        <ActionMenu.Button variant="invisible" leadingVisual={() => <UserInitial name={user.name} />}>
          {user.username}
        </ActionMenu.Button>
        <ActionMenu.Overlay align="end" width="small">
          <div className="user-menu__who">
            <strong>{user.name}</strong>
            <span className="muted">@{user.username}</span>
          </div>
          <ActionList>
            <ActionList.LinkItem as={RouterLink} to={TOKENS_PAGE}>
              Edit profile
            </ActionList.LinkItem>
            <ActionList.LinkItem as={RouterLink} to={TOKENS_PAGE}>
              Access tokens
            </ActionList.LinkItem>
            <ActionList.Divider />
            <ActionList.Item onSelect={onSignOut}>Sign out</ActionList.Item>
          </ActionList>
        </ActionMenu.Overlay>
      </ActionMenu>
    </div>
  );
}
