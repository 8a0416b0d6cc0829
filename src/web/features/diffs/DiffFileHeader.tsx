import { Button, IconButton, Label, Link } from '@primer/react';
import {
  ChevronDownIcon,
  CheckIcon,
  ChevronRightIcon,
  CodeIcon,
  CopyIcon,
  EyeIcon,
  PencilIcon,
} from '@primer/octicons-react';
import { useEffect, useState } from 'react';
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
      <CopyPathButton path={file.file_path} />
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

/** Spec 9: an action button's tooltip resets this long after the click. */
const COPIED_RESET_MS = 1000;

/** Copies the file's path, and says so for a moment ("Copied"), for eyes and screen readers. */
function CopyPathButton({ path }: { path: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <IconButton
      icon={copied ? CheckIcon : CopyIcon}
      aria-label={copied ? 'Copied' : `Copy file path ${path}`}
      variant="invisible"
      size="small"
      onClick={() => void navigator.clipboard?.writeText(path).then(() => setCopied(true))}
    />
  );
}
