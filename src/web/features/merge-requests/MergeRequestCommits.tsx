import { Button, Flash, IconButton, Pagination, RelativeTime, Spinner } from '@primer/react';
import { PlusIcon, XIcon } from '@primer/octicons-react';
import { useState, type ReactNode } from 'react';
import type { MergeRequestCommit } from '../../../shared/api/mergeRequests';
import { ContextCommitsDialog } from './ContextCommitsDialog';
import { useChangeContextCommits, useContextCommits } from './contextCommits';
import { PER_PAGE, useMergeRequestCommits } from './queries';

type Props = { fullPath: string; iid: number; canUpdate: boolean };

/**
 * The commits tab: newest first, a page at a time; then the previously merged commits attached
 * for context, which those who may edit the request add through a dialog and remove here.
 */
export function MergeRequestCommits({ fullPath, iid, canUpdate }: Props) {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const commits = useMergeRequestCommits(fullPath, iid, page);
  if (commits.isPending) return <Spinner />;
  if (commits.isError) return <Flash variant="danger">{commits.error.message}</Flash>;
  return (
    <div className="stack">
      {canUpdate && (
        <div className="mr-commits__actions">
          <Button leadingVisual={PlusIcon} onClick={() => setAdding(true)}>
            Add previously merged commits
          </Button>
        </div>
      )}
      {commits.data.items.length === 0 ? (
        <div className="box blankslate">
          <p>No commits yet.</p>
        </div>
      ) : (
        <ol className="box mr-commits" aria-label="Commits">
          {commits.data.items.map((commit) => (
            <CommitRow key={commit.id} commit={commit} />
          ))}
        </ol>
      )}
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
      <ContextCommits fullPath={fullPath} iid={iid} canUpdate={canUpdate} />
      {adding && <ContextCommitsDialog fullPath={fullPath} iid={iid} onClose={() => setAdding(false)} />}
    </div>
  );
}

function CommitRow({ commit, action }: { commit: MergeRequestCommit; action?: ReactNode }) {
  return (
    <li className="box__row mr-commits__row">
      <div>
        <div className="mr-commits__title">{commit.title}</div>
        <div className="muted">
          {commit.author_name} authored <RelativeTime date={new Date(commit.authored_date)} />
        </div>
      </div>
      <span className="mr-commits__end">
        <code className="mr-commits__sha" title={commit.id}>
          {commit.short_id}
        </code>
        {action}
      </span>
    </li>
  );
}

/** The previously merged commits, shown only when the request has some. */
function ContextCommits({ fullPath, iid, canUpdate }: Props) {
  const contextCommits = useContextCommits(fullPath, iid);
  const change = useChangeContextCommits(fullPath, iid);
  if (contextCommits.isPending) return null;
  if (contextCommits.isError) return <Flash variant="danger">{contextCommits.error.message}</Flash>;
  if (contextCommits.data.length === 0) return null;
  return (
    <section className="stack" aria-labelledby="context-commits-heading">
      <div>
        <h2 id="context-commits-heading" className="mr-commits__heading">
          Previously merged commits
        </h2>
        <p className="muted mr-commits__note">
          Commits already in the target branch, added for context. They are not part of this merge request;
          the Changes tab shows them under &ldquo;previously merged commits&rdquo;.
        </p>
      </div>
      {change.isError && <Flash variant="danger">{change.error.message}</Flash>}
      <ol className="box mr-commits" aria-label="Previously merged commits">
        {contextCommits.data.map((commit) => (
          <CommitRow
            key={commit.id}
            commit={commit}
            action={
              canUpdate && (
                <IconButton
                  icon={XIcon}
                  size="small"
                  variant="invisible"
                  aria-label={`Remove ${commit.short_id} from the previously merged commits`}
                  disabled={change.isPending}
                  onClick={() => change.mutate({ method: 'DELETE', commits: [commit.id] })}
                />
              )
            }
          />
        ))}
      </ol>
    </section>
  );
}
