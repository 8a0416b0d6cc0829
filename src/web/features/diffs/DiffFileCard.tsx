import { Button, Spinner } from '@primer/react';
import { memo } from 'react';
import type { DiffFile, DiffFileMetadata } from '../../../shared/api/diffs';
import { assertNever } from '../../../shared/lib/assertNever';
import { fileAnchor } from './deepLink';
import { DiffFileHeader } from './DiffFileHeader';
import { DownloadViewer, ModeChangedViewer, RenamedViewer, TooLargeViewer } from './FileViewers';
import { ImageViewer } from './ImageViewer';
import { TextDiff } from './TextDiff';
import type { DiffViewType } from './useDiffPreferences';
import { viewerKind } from './viewerKind';

export type FileBody =
  { kind: 'loading' } | { kind: 'error'; retry: () => void } | { kind: 'loaded'; file: DiffFile };

type Props = {
  fullPath: string;
  meta: DiffFileMetadata;
  body: FileBody;
  view: DiffViewType;
  collapsed: boolean;
  reviewed: boolean;
  /** The line a deep link points at, marked in its file. */
  targetLine?: string | null;
  onToggleCollapse: (fileHash: string) => void;
  onReviewed: (fileHash: string, reviewed: boolean) => void;
};

/** One file of the Changes tab: its header and, unless collapsed, its viewer. */
export const DiffFileCard = memo(function DiffFileCard({
  fullPath,
  meta,
  body,
  view,
  collapsed,
  reviewed,
  targetLine = null,
  onToggleCollapse,
  onReviewed,
}: Props) {
  return (
    <section id={fileAnchor(meta.file_hash)} className="box diff-file" aria-label={meta.file_path}>
      <DiffFileHeader
        file={meta}
        viewPath={body.kind === 'loaded' ? body.file.view_path : null}
        collapsed={collapsed}
        reviewed={reviewed}
        onToggleCollapse={() => onToggleCollapse(meta.file_hash)}
        onReviewed={(value) => onReviewed(meta.file_hash, value)}
      />
      {!collapsed && <Body fullPath={fullPath} body={body} view={view} targetLine={targetLine} />}
    </section>
  );
});

function Body({
  fullPath,
  body,
  view,
  targetLine,
}: {
  fullPath: string;
  body: FileBody;
  view: DiffViewType;
  targetLine: string | null;
}) {
  switch (body.kind) {
    case 'loading':
      return (
        <div className="diff-viewer-message">
          <Spinner size="small" /> <span className="muted">Loading the diff…</span>
        </div>
      );
    case 'error':
      return (
        <div className="diff-viewer-message" role="alert">
          Unable to load the diff
          <Button size="small" onClick={body.retry}>
            Try again
          </Button>
        </div>
      );
    case 'loaded':
      return <Viewer fullPath={fullPath} file={body.file} view={view} targetLine={targetLine} />;
    default:
      return assertNever(body);
  }
}

function Viewer({
  fullPath,
  file,
  view,
  targetLine,
}: {
  fullPath: string;
  file: DiffFile;
  view: DiffViewType;
  targetLine: string | null;
}) {
  const kind = viewerKind(file);
  switch (kind) {
    case 'text':
      return <TextDiff lines={file.highlighted_diff_lines} view={view} targetLine={targetLine} />;
    case 'image':
      return <ImageViewer fullPath={fullPath} file={file} />;
    case 'download':
      return <DownloadViewer fullPath={fullPath} file={file} />;
    case 'mode-changed':
      return <ModeChangedViewer file={file} />;
    case 'renamed':
      return <RenamedViewer file={file} view={view} />;
    case 'too-large':
      return <TooLargeViewer fullPath={fullPath} file={file} />;
    case 'collapsed':
    case 'empty':
      return <div className="diff-viewer-message muted">{file.viewer.reason ?? 'No changes to show.'}</div>;
    default:
      return assertNever(kind);
  }
}
