import { Flash, Heading } from '@primer/react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../api/client';

/** Shown when a page cannot render: a 404 reads as "not found", anything else as a failure to load. */
export function RouteError() {
  const error = useRouteError();
  const notFound =
    (isRouteErrorResponse(error) && error.status === 404) ||
    (error instanceof ApiError && error.status === 404);
  return (
    <div className="app-main stack">
      <Heading as="h1">{notFound ? 'Page not found' : 'Something went wrong'}</Heading>
      <Flash variant={notFound ? 'default' : 'danger'}>
        {notFound
          ? 'The page could not be found or you do not have permission to see it.'
          : error instanceof Error
            ? error.message
            : 'Unexpected error.'}
      </Flash>
    </div>
  );
}
