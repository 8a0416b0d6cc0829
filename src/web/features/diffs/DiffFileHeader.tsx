import { Button, IconButton, Label, Link } from '@primer/react';
import { ChevronDownIcon, ChevronRightIcon, CopyIcon } from '@primer/octicons-react';
import type { DiffFileMetadata } from '../../../shared/api/diffs';
import { fileAnchor } from './deepLink';

type Props = {
  file: DiffFileMetadata;
  viewPath: string | null;
  collapsed: boolean;
  reviewed: boolean;
  onToggleCollapse: () => void;
  onReviewed: (reviewed: boolean) => void;
};

/** Spec 2.6: file name link, copy path, reviewed mark, collapse toggle and the view link. */
export function DiffFileHeader({ file, viewPath, collapsed, reviewed, onToggleCollapse, onReviewed }: Props) {
  const name = file.renamed_file ? `${file.old_path} → ${file.new_path}` : file.file_path;
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
      <a className="diff-file__name" href={`#${fileAnchor(file.file_hash)}`} title={name}>
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
      {file.mode_changed && !file.new_file && !file.deleted_file && (
        <Label variant="attention">
          {file.a_mode} → {file.b_mode}
        </Label>
      )}
      {file.stored_externally && file.external_storage === 'lfs' && <Label>LFS</Label>}
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
      {viewPath && !file.deleted_file && (
        <Button as={Link} href={viewPath} size="small" aria-label={`View file ${file.new_path}`}>
          View file
        </Button>
      )}
    </header>
  );
}
