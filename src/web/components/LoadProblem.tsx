import { Flash, Heading } from '@primer/react';
import { ApiError } from '../api/client';

/** A page whose subject failed to load: not found (or hidden, which reads the same) or another error. */
export function LoadProblem({ error }: { error: Error }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <div className="stack">
      <Heading as="h1">{notFound ? 'Page not found' : 'Something went wrong'}</Heading>
      <Flash variant={notFound ? 'default' : 'danger'}>
        {notFound ? 'The page could not be found or you do not have permission to see it.' : error.message}
      </Flash>
    </div>
  );
}
