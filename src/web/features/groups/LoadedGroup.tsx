import { Flash, Spinner } from '@primer/react';
import type { ReactNode } from 'react';
import type { Group } from '../../../shared/api/groups';
import { NotFoundPage } from '../../components/NotFoundPage';
import { isNotFound } from '../../lib/apiErrors';
import { useGroup } from './queries';

/** A group's page once the group has loaded: a spinner until then, "not found", or the error. */
export function LoadedGroup({
  fullPath,
  children,
}: {
  fullPath: string;
  children: (group: Group) => ReactNode;
}) {
  const group = useGroup(fullPath);
  switch (group.status) {
    case 'pending':
      return <Spinner size="large" srText="Loading group" className="page-spinner" />;
    case 'error':
      return isNotFound(group.error) ? (
        <NotFoundPage />
      ) : (
        <Flash variant="danger">{group.error.message}</Flash>
      );
    case 'success':
      return children(group.data);
  }
}
