import type { RouteObject } from 'react-router';
import { MAX_PATH_DEPTH, NamespaceOrProjectPage } from './NamespaceOrProjectPage';

/** `/p0`, `/p0/p1`, ... : React Router matches fixed segments, so one route per depth. */
export const namespaceOrProjectPages: RouteObject[] = Array.from({ length: MAX_PATH_DEPTH }, (_, i) => ({
  path: `/${Array.from({ length: i + 1 }, (__, j) => `:p${j}`).join('/')}`,
  element: <NamespaceOrProjectPage />,
}));
