import { Flash, Spinner } from '@primer/react';
import { useParams } from 'react-router';
import { assertNever } from '../../../shared/lib/assertNever';
import { NotFoundPage } from '../../components/NotFoundPage';
import { GroupPage } from '../groups/GroupPage';
import { ProjectHomePage } from './ProjectHomePage';
import { useResolvedPath } from './queries';
import { UserNamespacePage } from './UserNamespacePage';

/** Four levels of groups and a project. */
export const MAX_PATH_DEPTH = 5;

/** URL parameters `p0`..`p4` of a namespace-or-project route, joined back into a full path. */
export function usePathParams(prefix: string, depth: number): string {
  const params = useParams();
  return Array.from({ length: depth }, (_, i) => params[`${prefix}${i}`])
    .filter((part): part is string => Boolean(part))
    .join('/');
}

/** `/alice`, `/group/sub`, `/group/project`: a user, a group or a project, as the API says. */
export function NamespaceOrProjectPage() {
  const fullPath = usePathParams('p', MAX_PATH_DEPTH);
  const resolved = useResolvedPath(fullPath);
  if (resolved.isPending) return <Spinner size="large" srText="Loading" className="page-spinner" />;
  if (resolved.isError) return <Flash variant="danger">{resolved.error.message}</Flash>;
  const found = resolved.data;
  switch (found.kind) {
    case 'project':
      return <ProjectHomePage key={fullPath} fullPath={fullPath} />;
    case 'group':
      return <GroupPage key={fullPath} fullPath={fullPath} />;
    case 'user':
      return <UserNamespacePage key={fullPath} user={found.user} />;
    case 'missing':
      return <NotFoundPage />;
    default:
      return assertNever(found);
  }
}
