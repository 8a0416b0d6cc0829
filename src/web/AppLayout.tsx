import { Spinner } from '@primer/react';
import { Suspense } from 'react';
import { Outlet, Link as RouterLink } from 'react-router';
import { HeaderUserArea } from './features/session/HeaderUserArea';

/** The frame of every page: the top bar, then the page. */
export function AppLayout() {
  return (
    <>
      <header className="app-header">
        <RouterLink to="/" className="app-header__brand">
          Mergeway
        </RouterLink>
        <nav className="app-header__nav" aria-label="Main">
          <RouterLink to="/dashboard/projects">Projects</RouterLink>
          <RouterLink to="/dashboard/groups">Groups</RouterLink>
          <RouterLink to="/dashboard/merge_requests">Merge requests</RouterLink>
        </nav>
        <HeaderUserArea />
      </header>
      <main className="app-main">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
