import { Flash, Label, Spinner } from '@primer/react';
import type { DiffFile } from '../../../shared/api/mergeRequests';
import { diffLineKind } from './diffLineKind';
import { useMergeRequestChanges } from './queries';

/** The changes tab: every file's unified diff, as plain text with added and removed lines coloured. */
export function MergeRequestChanges({ fullPath, iid }: { fullPath: string; iid: number }) {
  const changes = useMergeRequestChanges(fullPath, iid);
  if (changes.isPending) return <Spinner />;
  if (changes.isError) return <Flash variant="danger">{changes.error.message}</Flash>;
  const files = changes.data.changes;
  if (files.length === 0) {
    return (
      <div className="box blankslate">
        <p>Merge request contains no changes</p>
      </div>
    );
  }
  return (
    <div className="stack">
      <p className="muted mr-diff__summary">
        {files.length === 1 ? '1 file' : `${files.length} files`} changed
      </p>
      {changes.data.overflow && (
        <Flash variant="warning">Too many files changed: only the first {files.length} are shown.</Flash>
      )}
      {files.map((file) => (
        <DiffFileView key={`${file.old_path}\0${file.new_path}`} file={file} />
      ))}
    </div>
  );
}

function DiffFileView({ file }: { file: DiffFile }) {
  const path = file.renamed_file ? `${file.old_path} → ${file.new_path}` : file.new_path;
  const lines = file.diff.replace(/\n$/, '').split('\n');
  return (
    <section className="box mr-diff" aria-label={file.new_path}>
      <header className="mr-diff__header">
        <span className="mr-diff__path">{path}</span>
        {file.new_file && <Label variant="success">new</Label>}
        {file.deleted_file && <Label variant="danger">deleted</Label>}
        {file.renamed_file && <Label>renamed</Label>}
        {file.a_mode !== file.b_mode && !file.new_file && !file.deleted_file && (
          <span className="muted">
            File mode changed from {file.a_mode} to {file.b_mode}
          </span>
        )}
      </header>
      {file.diff ? (
        <pre className="mr-diff__body">
          {lines.map((line, index) => (
            <span key={index} className={`mr-diff__line mr-diff__line--${diffLineKind(line)}`}>
              {line}
              {'\n'}
            </span>
          ))}
        </pre>
      ) : (
        <p className="muted mr-diff__empty">
          {file.renamed_file ? 'File renamed with no changes.' : 'No changes to show.'}
        </p>
      )}
    </section>
  );
}
