import { Flash, Spinner } from '@primer/react';
import { assertNever } from '../../../shared/lib/assertNever';
import { NotFoundPage } from '../../components/NotFoundPage';
import { GroupPage } from '../groups/GroupPage';
import { ProjectHomePage } from '../repository/ProjectHomePage';
import { usePathParams } from '../../lib/usePathParams';
import { useResolvedPath } from './queries';
import { UserNamespacePage } from './UserNamespacePage';

/** Four levels of groups and a project. */
export const MAX_PATH_DEPTH = 5;

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
