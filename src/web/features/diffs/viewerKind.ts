import type { DiffFile } from '../../../shared/api/diffs';

/** Which viewer a file's body uses (spec 2.8). */
export type ViewerKind =
  | 'text'
  | 'image'
  | 'download'
  | 'stored-externally'
  | 'mode-changed'
  | 'renamed'
  | 'too-large'
  | 'collapsed'
  | 'empty';

export function viewerKind(
  file: Pick<
    DiffFile,
    | 'viewer'
    | 'renamed_file'
    | 'mode_changed'
    | 'too_large'
    | 'highlighted_diff_lines'
    | 'stored_externally'
    | 'external_storage'
  >,
): ViewerKind {
  if (file.too_large || file.viewer.name === 'too_large') return 'too-large';
  // A Git LFS pointer's lines say nothing of the file: the viewer says where the file is instead.
  if (file.stored_externally && file.external_storage === 'lfs') return 'stored-externally';
  switch (file.viewer.name) {
    case 'image':
      return 'image';
    case 'not_diffable':
      return 'download';
    case 'collapsed':
      return 'collapsed';
    case 'text':
    case 'no_preview':
      if (file.highlighted_diff_lines.length > 0) return 'text';
      if (file.mode_changed) return 'mode-changed';
      if (file.renamed_file) return 'renamed';
      return 'empty';
  }
}

/** The mode line of spec 2.8, "File mode changed from %{a_mode} to %{b_mode}". */
export const modeChangedText = (aMode: string, bMode: string): string =>
  `File mode changed from ${aMode} to ${bMode}`;

/** "View file @ %{commitSha}" with the sha shortened, as the spec shows commit shas. */
export const viewFileAtText = (commitSha: string): string => `View file @ ${commitSha.slice(0, 8)}`;

// Shared with the artifacts browser since it lists file sizes too.
export { humanSize } from '../../components/humanSize';
