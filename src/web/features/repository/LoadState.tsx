import { Flash, Spinner } from '@primer/react';
import { ApiError } from '../../api/client';

/** The loading and failure halves of a query's state, worded for the thing being loaded. */
export function LoadState({ error, what }: { error: Error | null; what: string }) {
  if (!error) {
    return (
      <div className="blankslate" role="status">
        <Spinner size="medium" srText={`Loading ${what}`} />
      </div>
    );
  }
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Flash variant={notFound ? 'default' : 'danger'}>
      {notFound ? `This ${what} could not be found.` : error.message}
    </Flash>
  );
}
