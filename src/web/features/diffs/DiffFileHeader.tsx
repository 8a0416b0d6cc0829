import { Button, IconButton, Label, Link } from '@primer/react';
import {
  ChevronDownIcon,
  ChevronRightIcon,
  CodeIcon,
  CopyIcon,
  EyeIcon,
  PencilIcon,
} from '@primer/octicons-react';
import type { DiffFile, DiffFileMetadata } from '../../../shared/api/diffs';
import { fileAnchor } from './deepLink';
import type { FullFileState } from './fullFile';
import { viewFileAtText } from './viewerKind';

type Props = {
  file: DiffFileMetadata;
  /** The file with its lines and links, once its batch is in. */
  loaded: DiffFile | null;
  collapsed: boolean;
  reviewed: boolean;
  /** The full-file toggle's state; null where the file offers none. */
  fullFile: FullFileState | null;
  onToggleFullFile: () => void;
  onToggleCollapse: () => void;
  onReviewed: (reviewed: boolean) => void;
};

/**
 * Spec 2.6: file name link, copy path, reviewed mark, full-file toggle, collapse toggle, and the
 * edit, Web IDE and view links (the first two only for readers who may change the file). A submodule's name leads to the submodule, with a link comparing its two commits.
 */
export function DiffFileHeader({
  file,
  loaded,
  collapsed,
  reviewed,
  fullFile,
  onToggleFullFile,
  onToggleCollapse,
  onReviewed,
}: Props) {
  const name = file.renamed_file ? `${file.old_path} → ${file.new_path}` : file.file_path;
  const submoduleUrl = loaded?.submodule_tree_url ?? loaded?.submodule_link ?? null;
  const compareUrl = loaded?.submodule_compare?.url ?? null;
  // The edit links are there whatever the reader's rights (as GitLab sends them); can_modify_blob decides.
  const canEdit = loaded?.can_modify_blob === true;
  return (
    <header className="diff-file__header">
      <IconButton
        icon={collapsed ? ChevronRightIcon : ChevronDownIcon}
        aria-label={collapsed ? `Expand ${file.file_path}` : `Collapse ${file.file_path}`}
        aria-expanded={!collapsed}
        variant="invisible"
        size="small"
        onClick={onToggleCollapse}
      />
      <a className="diff-file__name" href={submoduleUrl ?? `#${fileAnchor(file.file_hash)}`} title={name}>
        {name}
      </a>
      <IconButton
        icon={CopyIcon}
        aria-label={`Copy file path ${file.file_path}`}
        variant="invisible"
        size="small"
        onClick={() => void navigator.clipboard?.writeText(file.file_path)}
      />
      {file.new_file && <Label variant="success">new</Label>}
      {file.deleted_file && <Label variant="danger">deleted</Label>}
      {file.renamed_file && <Label>renamed</Label>}
      {file.submodule && <Label>submodule</Label>}
      {file.mode_changed && !file.new_file && !file.deleted_file && (
        <Label variant="attention">
          {file.a_mode} → {file.b_mode}
        </Label>
      )}
      {file.stored_externally && file.external_storage === 'lfs' && <Label>LFS</Label>}
      {compareUrl && (
        <Link href={compareUrl} className="diff-file__link">
          Compare {loaded?.submodule_compare?.old_sha.slice(0, 8)}…
          {loaded?.submodule_compare?.new_sha.slice(0, 8)}
        </Link>
      )}
      <span className="diff-file__spacer" />
      <span
        className="diff-file__stats"
        aria-label={`Added ${file.added_lines} lines. Removed ${file.removed_lines} lines.`}
      >
        <span className="diff-stats__added">+{file.added_lines}</span>
        <span className="diff-stats__removed">−{file.removed_lines}</span>
      </span>
      <label className="diff-file__reviewed">
        <input type="checkbox" checked={reviewed} onChange={(event) => onReviewed(event.target.checked)} />
        Viewed
      </label>
      {fullFile && (
        <Button
          size="small"
          aria-pressed={fullFile.kind === 'full'}
          loading={fullFile.kind === 'loading'}
          loadingAnnouncement="Loading the full file"
          onClick={onToggleFullFile}
        >
          {fullFile.kind === 'full' ? 'Show changes only' : 'Show full file'}
        </Button>
      )}
      <span className="diff-file__links">
        {canEdit && loaded?.edit_path && loaded.blob?.readable_text && (
          <IconButton
            as="a"
            href={loaded.edit_path}
            icon={PencilIcon}
            aria-label={`Edit ${file.new_path} in single-file editor`}
            variant="invisible"
            size="small"
          />
        )}
        {canEdit && loaded?.ide_edit_path && (
          <IconButton
            as="a"
            href={loaded.ide_edit_path}
            icon={CodeIcon}
            aria-label={`Open ${file.new_path} in Web IDE`}
            variant="invisible"
            size="small"
          />
        )}
        {loaded && !file.submodule && (
          <IconButton
            as="a"
            href={loaded.view_path}
            icon={EyeIcon}
            aria-label={viewFileAtText(
              file.deleted_file ? loaded.diff_refs.base_sha : loaded.diff_refs.head_sha,
            )}
            variant="invisible"
            size="small"
          />
        )}
      </span>
    </header>
  );
}
