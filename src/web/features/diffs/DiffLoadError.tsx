import { Button, Flash } from '@primer/react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';

/** What picks a diff other than the latest version's: without them the Changes tab shows the latest. */
const VERSION_PARAMS = ['diff_id', 'start_sha', 'commit_id', 'diff_head', 'only_context_commits'];

/** The Changes tab's address for the latest version, other choices (the view) kept. */
export function latestVersionSearch(search: URLSearchParams): string {
  const next = new URLSearchParams(search);
  for (const key of VERSION_PARAMS) next.delete(key);
  const text = next.toString();
  return text ? `?${text}` : '';
}

/**
 * The diff could not be read. A 4xx is a link asking for what does not exist (an unknown
 * `diff_id`, a `start_sha` that heads no version): trying again would get the same answer, so the
 * server's reason is shown with the way back to the latest version. Anything else (the network,
 * a 5xx) may pass: "Unable to load the diff" with "Try again".
 */
export function DiffLoadError({
  error,
  search,
  retry,
}: {
  error: Error;
  search: URLSearchParams;
  retry: () => void;
}) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return (
      <Flash variant="danger" className="diffs-error">
        {error.message}
        <Link to={{ search: latestVersionSearch(search) }}>Show latest version</Link>
      </Flash>
    );
  }
  return (
    <Flash variant="danger" className="diffs-error">
      Unable to load the diff
      <Button size="small" onClick={retry}>
        Try again
      </Button>
    </Flash>
  );
}
