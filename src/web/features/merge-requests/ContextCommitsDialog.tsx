import { Checkbox, Dialog, Flash, FormControl, Spinner, TextInput } from '@primer/react';
import { SearchIcon } from '@primer/octicons-react';
import { useState } from 'react';
import { TimeAgo } from '../../components/TimeAgo';
import { useDebounced } from '../../components/useDebounced';
import { useChangeContextCommits, useContextCommitCandidates } from './contextCommits';

type Props = { fullPath: string; iid: number; onClose: () => void };

/**
 * "Add previously merged commits": the target branch's recent commits, searched by message, to
 * tick and save. Commits the request holds already are shown ticked and cannot be picked again.
 */
export function ContextCommitsDialog({ fullPath, iid, onClose }: Props) {
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), 250);
  const candidates = useContextCommitCandidates(fullPath, iid, search);
  const save = useChangeContextCommits(fullPath, iid);
  const [picked, setPicked] = useState<string[]>([]);
  const toggle = (sha: string, on: boolean) =>
    setPicked((shas) => (on ? [...shas, sha] : shas.filter((other) => other !== sha)));
  const target = candidates.data?.target_branch;
  const commits = candidates.data?.commits ?? [];

  return (
    <Dialog
      title="Add previously merged commits"
      subtitle={
        target
          ? `Commits already in ${target} to show beside this merge request's changes.`
          : "Commits already in the target branch to show beside this merge request's changes."
      }
      width="large"
      onClose={onClose}
      footerButtons={[
        { content: 'Cancel', onClick: onClose },
        {
          content: 'Save changes',
          buttonType: 'primary',
          onClick: () => save.mutate({ method: 'POST', commits: picked }, { onSuccess: onClose }),
          loading: save.isPending,
          disabled: picked.length === 0,
        },
      ]}
    >
      <div className="stack">
        {save.isError && <Flash variant="danger">{save.error.message}</Flash>}
        <FormControl>
          <FormControl.Label visuallyHidden>Search by commit message</FormControl.Label>
          <TextInput
            block
            autoFocus
            leadingVisual={SearchIcon}
            placeholder="Search by commit message"
            maxLength={255}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            trailingVisual={candidates.isFetching ? <Spinner size="small" /> : undefined}
          />
        </FormControl>
        {candidates.isError ? (
          <Flash variant="danger">{candidates.error.message}</Flash>
        ) : candidates.isPending ? (
          <Spinner aria-label="Loading commits" />
        ) : commits.length === 0 ? (
          <p className="muted context-commits-dialog__empty">
            {search ? `No commits of ${target} match “${search}”.` : `${target} has no commits.`}
          </p>
        ) : (
          <ul className="context-commits-dialog__list" aria-label={`Commits of ${target}`}>
            {commits.map((commit) => (
              <li key={commit.id} className="context-commits-dialog__row">
                <FormControl disabled={commit.added}>
                  <Checkbox
                    checked={commit.added || picked.includes(commit.id)}
                    onChange={(event) => toggle(commit.id, event.target.checked)}
                  />
                  <FormControl.Label>{commit.title}</FormControl.Label>
                  <FormControl.Caption>
                    <code>{commit.short_id}</code> · {commit.author_name} authored{' '}
                    <TimeAgo date={commit.authored_date} />
                    {commit.added && ' · already added'}
                  </FormControl.Caption>
                </FormControl>
              </li>
            ))}
          </ul>
        )}
        {picked.length > 0 && (
          <p className="muted context-commits-dialog__picked" aria-live="polite">
            {picked.length} {picked.length === 1 ? 'commit' : 'commits'} selected
          </p>
        )}
      </div>
    </Dialog>
  );
}
