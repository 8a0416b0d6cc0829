import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './components/AppLayout';
import { NotFoundPage } from './components/NotFoundPage';
import { RouteError } from './components/RouteError';

/**
 * Each feature exports its routes; they are composed here. Order matters only for the catch-all
 * `/:namespace/:project` shapes, which come last.
 */
const featureRoutes: RouteObject[] = [];

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [...featureRoutes, { path: '*', element: <NotFoundPage /> }],
  },
]);
