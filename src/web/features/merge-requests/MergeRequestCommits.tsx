import { Flash, Pagination, RelativeTime, Spinner } from '@primer/react';
import { useState } from 'react';
import { PER_PAGE, useMergeRequestCommits } from './queries';

/** The commits tab: newest first, a page at a time. */
export function MergeRequestCommits({ fullPath, iid }: { fullPath: string; iid: number }) {
  const [page, setPage] = useState(1);
  const commits = useMergeRequestCommits(fullPath, iid, page);
  if (commits.isPending) return <Spinner />;
  if (commits.isError) return <Flash variant="danger">{commits.error.message}</Flash>;
  if (commits.data.items.length === 0) {
    return (
      <div className="box blankslate">
        <p>No commits yet.</p>
      </div>
    );
  }
  return (
    <>
      <ol className="box mr-commits" aria-label="Commits">
        {commits.data.items.map((commit) => (
          <li key={commit.id} className="box__row mr-commits__row">
            <div>
              <div className="mr-commits__title">{commit.title}</div>
              <div className="muted">
                {commit.author_name} authored <RelativeTime date={new Date(commit.authored_date)} />
              </div>
            </div>
            <code className="mr-commits__sha" title={commit.id}>
              {commit.short_id}
            </code>
          </li>
        ))}
      </ol>
      {commits.data.total > PER_PAGE && (
        <Pagination
          pageCount={Math.ceil(commits.data.total / PER_PAGE)}
          currentPage={page}
          onPageChange={(event, n) => {
            event.preventDefault();
            setPage(n);
          }}
        />
      )}
    </>
  );
}
