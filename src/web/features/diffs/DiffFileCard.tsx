import { Button, Flash, Spinner } from '@primer/react';
import { memo, useMemo } from 'react';
import type { DiffFile, DiffFileMetadata } from '../../../shared/api/diffs';
import { assertNever } from '../../../shared/lib/assertNever';
import type { ExpandDirection } from './contextExpansion';
import type { FileCoverage } from './coverage';
import { fileAnchor } from './deepLink';
import { DiffFileHeader } from './DiffFileHeader';
import { OutdatedDiscussions } from './DiffNotesOutdated';
import { useLineNotes, useUnfoldToNotes } from './DiffNotesText';
import {
  DownloadViewer,
  ModeChangedViewer,
  RenamedViewer,
  StoredExternallyViewer,
  TooLargeViewer,
} from './FileViewers';
import { canShowFullFile } from './fullFile';
import { ImageViewer } from './ImageViewer';
import { TextDiff } from './TextDiff';
import { shownLines, type FileExpansion } from './fileExpansion';
import type { DiffViewType } from './diffPreferences';
import { viewerKind } from './viewerKind';

export type FileBody =
  { kind: 'loading' } | { kind: 'error'; retry: () => void } | { kind: 'loaded'; file: DiffFile };

/** What a reader can do to a file's lines; the same functions for every file. */
export type ExpansionActions = {
  expand: (file: DiffFile, index: number, direction: ExpandDirection) => void;
  /** Shows a hidden line of the file (a thread's, written on expanded context) with lines around it. */
  unfold: (file: DiffFile, newLine: number) => void;
  toggleFullFile: (file: DiffFile) => void;
  dismissFullFileError: (fileHash: string) => void;
  dismissExpandError: (fileHash: string) => void;
};

type Props = {
  fullPath: string;
  meta: DiffFileMetadata;
  body: FileBody;
  view: DiffViewType;
  collapsed: boolean;
  /** Collapsed by the page for its size, not by the reader: says so and offers to expand it. */
  autoCollapsed?: boolean;
  reviewed: boolean;
  expansion: FileExpansion;
  actions: ExpansionActions;
  /** Test coverage of the file's new lines, once the report is in. */
  coverage?: FileCoverage | null;
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
  autoCollapsed = false,
  reviewed,
  expansion,
  actions,
  coverage = null,
  targetLine = null,
  onToggleCollapse,
  onReviewed,
}: Props) {
  const loaded = body.kind === 'loaded' ? body.file : null;
  return (
    <section id={fileAnchor(meta.file_hash)} className="box diff-file" aria-label={meta.file_path}>
      <DiffFileHeader
        file={meta}
        loaded={loaded}
        collapsed={collapsed}
        reviewed={reviewed}
        fullFile={loaded && canShowFullFile(loaded) ? expansion.full : null}
        onToggleFullFile={() => loaded && actions.toggleFullFile(loaded)}
        onToggleCollapse={() => onToggleCollapse(meta.file_hash)}
        onReviewed={(value) => onReviewed(meta.file_hash, value)}
      />
      {!collapsed && loaded && canShowFullFile(loaded) && expansion.full.kind === 'error' && (
        <Flash variant="danger" className="diff-file__alert" role="alert">
          Error loading full diff. Please try again.
          <Button
            size="small"
            variant="invisible"
            onClick={() => actions.dismissFullFileError(meta.file_hash)}
          >
            Dismiss
          </Button>
        </Flash>
      )}
      {!collapsed && expansion.expandFailed && (
        <Flash variant="danger" className="diff-file__alert" role="alert">
          Something went wrong while fetching diff lines.
          <Button size="small" variant="invisible" onClick={() => actions.dismissExpandError(meta.file_hash)}>
            Dismiss
          </Button>
        </Flash>
      )}
      {collapsed && autoCollapsed && (
        <div className="diff-file__collapsed-warning">
          <p>Files with large changes are collapsed by default.</p>
          <Button size="small" onClick={() => onToggleCollapse(meta.file_hash)}>
            Expand file
          </Button>
        </div>
      )}
      {!collapsed && (
        <Body
          fullPath={fullPath}
          body={body}
          view={view}
          expansion={expansion}
          actions={actions}
          coverage={coverage}
          targetLine={targetLine}
        />
      )}
      {!collapsed && loaded && <OutdatedDiscussions file={loaded} />}
    </section>
  );
});

type ViewerProps = {
  fullPath: string;
  view: DiffViewType;
  expansion: FileExpansion;
  actions: ExpansionActions;
  coverage: FileCoverage | null;
  targetLine: string | null;
};

function Body({ body, ...props }: ViewerProps & { body: FileBody }) {
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
      return <Viewer {...props} file={body.file} />;
    default:
      return assertNever(body);
  }
}

/**
 * A text file shows its whole file when asked, else its diff with any lines expanded around
 * the hunks; the match lines offer expansion unless the file is already whole.
 */
function TextViewer({
  file,
  view,
  expansion,
  actions,
  coverage,
  targetLine,
}: ViewerProps & { file: DiffFile }) {
  // The whole file has nothing left to expand.
  const expandable =
    expansion.full.kind !== 'full' && file.context_lines_path !== null && !file.is_fully_expanded;
  const lines = useMemo(() => shownLines(file, expansion), [file, expansion]);
  const notes = useLineNotes(file, lines);
  useUnfoldToNotes(file, lines, expansion.expanding === null ? actions.unfold : null);
  return (
    <TextDiff
      lines={lines}
      notes={notes}
      view={view}
      targetLine={targetLine}
      coverage={coverage}
      expander={
        expandable
          ? {
              expanding: expansion.expanding,
              onExpand: (index, direction) => actions.expand(file, index, direction),
            }
          : null
      }
    />
  );
}

function Viewer(props: ViewerProps & { file: DiffFile }) {
  const { fullPath, file, view } = props;
  const kind = viewerKind(file);
  switch (kind) {
    case 'text':
      return <TextViewer {...props} />;
    case 'image':
      return <ImageViewer fullPath={fullPath} file={file} />;
    case 'download':
      return <DownloadViewer fullPath={fullPath} file={file} />;
    case 'stored-externally':
      return <StoredExternallyViewer file={file} />;
    case 'mode-changed':
      return <ModeChangedViewer file={file} />;
    case 'renamed':
      return (
        <RenamedViewer
          file={file}
          view={view}
          contents={props.expansion.full}
          onShow={() => props.actions.toggleFullFile(file)}
          onDismiss={() => props.actions.dismissFullFileError(file.file_hash)}
        />
      );
    case 'too-large':
      return <TooLargeViewer fullPath={fullPath} file={file} />;
    case 'collapsed':
    case 'empty':
      return <div className="diff-viewer-message muted">{file.viewer.reason ?? 'No changes to show.'}</div>;
    default:
      return assertNever(kind);
  }
}
