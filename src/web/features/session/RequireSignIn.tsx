import { Flash, Spinner } from '@primer/react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { SessionUser } from '../../../shared/api/session';
import { sessionPageUrl } from './redirectTarget';
import { useSession } from '../../lib/useSession';

/** Shows a page to signed-in users only; anyone else signs in first and comes back here. */
export function RequireSignIn({ children }: { children: (user: SessionUser) => ReactNode }) {
  const session = useSession();
  const location = useLocation();
  switch (session.status) {
    case 'pending':
      return <Spinner size="medium" srText="Loading" />;
    case 'error':
      return <Flash variant="danger">{session.error.message}</Flash>;
    case 'success':
      if (!session.data.user)
        return <Navigate to={sessionPageUrl('sign_in', `${location.pathname}${location.search}`)} replace />;
      return children(session.data.user);
  }
}
