import { Button, Flash, Link, Spinner } from '@primer/react';
import { useState } from 'react';
import type { DiffFile, DiffLine } from '../../../shared/api/diffs';
import { request } from '../../api/client';
import { rawFileUrl } from '../repository/queries';
import { TextDiff } from './TextDiff';
import type { DiffViewType } from './useDiffPreferences';
import { modeChangedText, viewFileAtText } from './viewerKind';

/** Spec 2.8 download viewer: the file's name and a Download link to its raw bytes. */
export function DownloadViewer({ fullPath, file }: { fullPath: string; file: DiffFile }) {
  const sha = file.deleted_file ? file.diff_refs.base_sha : file.diff_refs.head_sha;
  const path = file.deleted_file ? file.old_path : file.new_path;
  return (
    <div className="diff-viewer-message">
      <span className="diff-viewer-message__name">{path.slice(path.lastIndexOf('/') + 1)}</span>
      {file.viewer.reason && <span className="muted">{file.viewer.reason}</span>}
      <Link href={rawFileUrl(fullPath, sha, path)} download>
        Download
      </Link>
    </div>
  );
}

export function ModeChangedViewer({ file }: { file: DiffFile }) {
  return <div className="diff-viewer-message">{modeChangedText(file.a_mode, file.b_mode)}</div>;
}

type RenamedState =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'errored' } | { kind: 'loaded'; lines: DiffLine[] };

/**
 * Spec 2.8 renamed file with no changes: "Show file contents" loads the whole file through its
 * context lines path (loading, errored, loaded); a file that is not text links to the blob instead.
 */
export function RenamedViewer({ file, view }: { file: DiffFile; view: DiffViewType }) {
  const [state, setState] = useState<RenamedState>({ kind: 'idle' });
  const contextPath = file.context_lines_path;
  const readable = file.blob?.readable_text === true && contextPath !== null;
  const load = async () => {
    if (!contextPath) return;
    setState({ kind: 'loading' });
    try {
      const lines = await request<DiffLine[]>(contextPath, { query: { full: true } });
      setState({ kind: 'loaded', lines });
    } catch {
      setState({ kind: 'errored' });
    }
  };
  if (state.kind === 'loaded') return <TextDiff lines={state.lines} view={view} />;
  return (
    <div className="diff-viewer-message diff-viewer-message--stack">
      {state.kind === 'errored' && (
        <Flash variant="danger" className="diff-viewer-message__alert">
          Unable to load file contents. Try again later.
          <Button size="small" variant="invisible" onClick={() => setState({ kind: 'idle' })}>
            Dismiss
          </Button>
        </Flash>
      )}
      <span>
        File renamed with no changes.{' '}
        {readable ? (
          state.kind === 'loading' ? (
            <Spinner size="small" />
          ) : (
            <Link as="button" onClick={() => void load()}>
              Show file contents
            </Link>
          )
        ) : (
          <Link href={file.view_path}>{viewFileAtText(file.diff_refs.head_sha)}</Link>
        )}
      </span>
    </div>
  );
}

export function TooLargeViewer({ fullPath, file }: { fullPath: string; file: DiffFile }) {
  return (
    <div className="diff-viewer-message">
      <span>{file.viewer.reason ?? 'This diff is too large to show here.'}</span>
      <Link href={rawFileUrl(fullPath, file.diff_refs.head_sha, file.new_path)}>View the raw file</Link>
    </div>
  );
}
