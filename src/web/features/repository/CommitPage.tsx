import { Flash, Heading, RelativeTime } from '@primer/react';
import { Link as RouterLink, useParams } from 'react-router';
import type { DiffFileJson } from '../../../shared/api/repository';
import { projectUrl, useProjectFullPath } from '../projects/projectRoutes';
import { LoadState } from './LoadState';
import { useCommit, useCommitDiff } from './queries';
import { refPage } from './repositoryPaths';
import './repository.css';

/** `{project}/-/commit/{sha}`: a commit's message, people, parents and changes. */
export function CommitPage() {
  const fullPath = useProjectFullPath();
  const sha = useParams().sha ?? '';
  const commit = useCommit(fullPath, sha);
  const diff = useCommitDiff(fullPath, sha);
  if (commit.status !== 'success') {
    return (
      <div className="stack">
        <LoadState error={commit.error} what="commit" />
      </div>
    );
  }
  const c = commit.data;
  const body = c.message.slice(c.title.length).trim();
  return (
    <div className="stack">
      <div className="box">
        <div className="box__row">
          <Heading as="h1" className="repo-title">
            {c.title}
          </Heading>
          {body && <pre className="commit-message">{body}</pre>}
        </div>
        <div className="box__row muted commit-meta">
          <span>
            <strong>{c.author_name}</strong> authored <RelativeTime date={new Date(c.authored_date)} />
            {c.committer_name !== c.author_name && (
              <>
                {' '}
                · committed by <strong>{c.committer_name}</strong>
              </>
            )}
          </span>
          <span>
            Commit <code className="commit-sha">{c.id}</code>
          </span>
          {c.parent_ids.length > 0 && (
            <span>
              {c.parent_ids.length === 1 ? 'Parent' : 'Parents'}{' '}
              {c.parent_ids.map((parent) => (
                <RouterLink key={parent} className="commit-sha" to={projectUrl(fullPath, `commit/${parent}`)}>
                  {parent.slice(0, 8)}
                </RouterLink>
              ))}
            </span>
          )}
          <RouterLink to={projectUrl(fullPath, refPage('tree', c.id))}>Browse files</RouterLink>
        </div>
      </div>
      <p className="commit-stats">
        <strong>{diff.data ? plural(diff.data.total, 'changed file') : 'Changes'}</strong> with{' '}
        <span className="diff-added">{plural(c.stats.additions, 'addition')}</span> and{' '}
        <span className="diff-removed">{plural(c.stats.deletions, 'deletion')}</span>
      </p>
      {diff.status === 'success' ? (
        <>
          {diff.data.items.map((file) => (
            <FileDiff key={`${file.old_path}→${file.new_path}`} file={file} />
          ))}
          {diff.data.total > diff.data.items.length && (
            <Flash>
              Showing the first {diff.data.items.length} of {diff.data.total} changed files.
            </Flash>
          )}
        </>
      ) : (
        <LoadState error={diff.error} what="changes" />
      )}
    </div>
  );
}

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

function fileLabel(file: DiffFileJson): string {
  if (file.new_file) return `${file.new_path} (added)`;
  if (file.deleted_file) return `${file.old_path} (deleted)`;
  if (file.renamed_file) return `${file.old_path} → ${file.new_path}`;
  return file.new_path;
}

/** A file's unified diff as plain text, lines coloured by their sign. */
function FileDiff({ file }: { file: DiffFileJson }) {
  const lines = file.diff.replace(/\n$/, '').split('\n');
  return (
    <section className="box diff-file" aria-label={fileLabel(file)}>
      <div className="box__header">
        <code>{fileLabel(file)}</code>
      </div>
      {file.diff ? (
        // Focusable, so that a keyboard can scroll its long lines sideways.
        <pre className="diff-text" tabIndex={0}>
          {lines.map((line, index) => (
            <span
              key={index}
              className={
                line.startsWith('+')
                  ? 'diff-line--add'
                  : line.startsWith('-')
                    ? 'diff-line--del'
                    : line.startsWith('@@')
                      ? 'diff-line--hunk'
                      : undefined
              }
            >
              {line}
              {'\n'}
            </span>
          ))}
        </pre>
      ) : (
        <p className="muted diff-file__empty">No changes to the contents (renamed or mode changed).</p>
      )}
    </section>
  );
}
