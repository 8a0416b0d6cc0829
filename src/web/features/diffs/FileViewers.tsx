import { Button, Flash, Link, Spinner } from '@primer/react';
import type { DiffFile } from '../../../shared/api/diffs';
import { rawFileUrl } from '../repository/queries';
import type { FullFileState } from './fullFile';
import { TextDiff } from './TextDiff';
import type { DiffViewType } from './diffPreferences';
import { humanSize, modeChangedText, viewFileAtText } from './viewerKind';

const shownPath = (file: DiffFile) => (file.deleted_file ? file.old_path : file.new_path);
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The file's name and, when above zero, its size: the head of the download and LFS viewers. */
function NameAndSize({ file }: { file: DiffFile }) {
  return (
    <>
      <span className="diff-viewer-message__name">{baseName(shownPath(file))}</span>
      {file.size > 0 && <span className="muted">{humanSize(file.size)}</span>}
    </>
  );
}

/** Spec 2.8 download viewer: the file's name, its size if above zero, and a Download link. */
export function DownloadViewer({ fullPath, file }: { fullPath: string; file: DiffFile }) {
  const sha = file.deleted_file ? file.diff_refs.base_sha : file.diff_refs.head_sha;
  return (
    <div className="diff-viewer-message">
      <NameAndSize file={file} />
      {file.viewer.reason && <span className="muted">{file.viewer.reason}</span>}
      <Link href={rawFileUrl(fullPath, sha, shownPath(file))} download>
        Download
      </Link>
    </div>
  );
}

/**
 * A file stored in Git LFS (`stored_externally`, `external_storage: lfs`): the repository holds
 * only a pointer, so instead of the pointer's lines the viewer says so and links to the blob.
 */
export function StoredExternallyViewer({ file }: { file: DiffFile }) {
  return (
    <div className="diff-viewer-message">
      <NameAndSize file={file} />
      <span>
        This source diff could not be displayed because it is stored in LFS. You can{' '}
        <Link href={file.view_path}>view the blob</Link> instead.
      </span>
    </div>
  );
}

export function ModeChangedViewer({ file }: { file: DiffFile }) {
  return <div className="diff-viewer-message">{modeChangedText(file.a_mode, file.b_mode)}</div>;
}

type RenamedProps = {
  file: DiffFile;
  view: DiffViewType;
  /** The file's contents, read as a full file: the state lives above the virtualized list. */
  contents: FullFileState;
  onShow: () => void;
  onDismiss: () => void;
};

/**
 * Spec 2.8 renamed file with no changes: "Show file contents" loads the whole file through its
 * context lines path (spec 4: loading, errored, loaded); a file that is not text links to the blob.
 */
export function RenamedViewer({ file, view, contents, onShow, onDismiss }: RenamedProps) {
  const readable = file.blob?.readable_text === true && file.context_lines_path !== null;
  if (contents.kind === 'full') return <TextDiff lines={contents.lines} view={view} />;
  return (
    <div className="diff-viewer-message diff-viewer-message--stack">
      {contents.kind === 'error' && (
        <Flash variant="danger" className="diff-viewer-message__alert" role="alert">
          Unable to load file contents. Try again later.
          <Button size="small" variant="invisible" onClick={onDismiss}>
            Dismiss
          </Button>
        </Flash>
      )}
      <span>
        File renamed with no changes.{' '}
        {readable ? (
          contents.kind === 'loading' ? (
            <Spinner size="small" aria-label="Loading file contents" />
          ) : (
            <Link as="button" onClick={onShow}>
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
