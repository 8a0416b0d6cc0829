import { collapsedAutomatically } from '../../../shared/diff/diffLimits';
import type { DiffLine } from '../../../shared/api/diffs';
import type { LfsPointer } from '../../../shared/diff/lfsPointer';
import type { ChangedFile, FilePatch, PatchProblem } from '../../git/diff';

/*
 * What the Changes tab shows for each file: the viewer (text, image, collapsed, or why there are
 * no lines), decided from the listing and, when read, git's patch. No I/O here.
 */

export type ViewerName = 'text' | 'image' | 'not_diffable' | 'too_large' | 'collapsed' | 'no_preview';

/** A changed file with what its blobs say: the size of the side shown and whether it is an LFS pointer. */
export type ListedFile = ChangedFile & {
  /** Bytes of the new blob (the old one for a deletion); an LFS pointer's object size; 0 for a gitlink. */
  size: number;
  lfs: LfsPointer | null;
};

/** A file of the diff ready to present: listing fields, what git said, and highlighted lines. */
export type DiffFileView = ListedFile & {
  addedCount: number;
  removedCount: number;
  submodule: boolean;
  viewer: { name: ViewerName; reason: string | null };
  /** Text git can show, whatever the viewer: a rename without changes still has contents to read. */
  readableText: boolean;
  lines: DiffLine[] | null;
  /** The diff lines reach both ends of the file with no hunk between (GitLab: no `match` line). */
  fullyExpanded: boolean;
  /** The submodule's URL in `.gitmodules` of the commit shown (batches only). */
  submoduleUrl: string | null;
  /** Bytes of each side of an image, for the image viewer's file sizes (batches only; null otherwise). */
  imageSizes: { old: number | null; new: number | null } | null;
};

const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp|bmp|ico|svg)$/i;

export const isSubmodule = (file: ChangedFile): boolean => file.aMode === '160000' || file.bMode === '160000';

const PROBLEM_VIEWERS: Record<PatchProblem, { name: ViewerName; reason: string }> = {
  binary: { name: 'not_diffable', reason: 'The file is binary.' },
  too_large: { name: 'too_large', reason: 'The diff is too large to show.' },
  non_utf8: { name: 'not_diffable', reason: 'The file is not valid UTF-8 text.' },
  control_characters: {
    name: 'not_diffable',
    reason: 'The file holds control characters, so it is shown as binary.',
  },
};

/**
 * What the viewer shows for a file. Whether it is binary comes from the listing, for the metadata
 * and the batches alike: numstat counts no lines (`-`) of a binary file even where git's patch has
 * no "Binary files" line, as for a rename without changes. With the patch, git says why else
 * lines are missing.
 */
export function viewOf(
  file: ListedFile,
  patch: FilePatch | null,
  { expanded }: { expanded: boolean },
): DiffFileView {
  const submodule = isSubmodule(file);
  const binary = patch?.problem === 'binary' || (file.addedLines === null && !submodule);
  const addedCount = patch?.addedLines ?? file.addedLines ?? 0;
  const removedCount = patch?.removedLines ?? file.removedLines ?? 0;
  const base = {
    ...file,
    submodule,
    addedCount,
    removedCount,
    readableText: false,
    lines: null,
    fullyExpanded: true,
    submoduleUrl: null,
    imageSizes: null,
  };
  const image = IMAGE_EXTENSIONS.test(file.newPath);
  // Spec 2.8: a file that is not text, renamed with no changes, links to the file ("View file @").
  if (binary && file.renamedFile && file.oldBlobId === file.newBlobId) {
    return { ...base, viewer: { name: 'no_preview', reason: noPreviewReason(file) } };
  }
  if (binary) return { ...base, viewer: image ? { name: 'image', reason: null } : PROBLEM_VIEWERS.binary };
  if (patch?.problem) return { ...base, viewer: PROBLEM_VIEWERS[patch.problem] };
  if (file.lfs)
    return { ...base, viewer: { name: 'not_diffable', reason: 'The file is stored in Git LFS.' } };
  const readable = { ...base, readableText: !submodule, lines: patch ? [] : null };
  if (addedCount + removedCount === 0 && (!patch || patch.lines.length === 0)) {
    return { ...readable, viewer: { name: 'no_preview', reason: noPreviewReason(file) } };
  }
  // Past the collapse limits the lines are left out; `load_collapsed_diff_url` serves them.
  if (!expanded && collapsedAutomatically(addedCount + removedCount, patch?.patchBytes ?? null)) {
    return { ...readable, lines: null, viewer: { name: 'collapsed', reason: null } };
  }
  return { ...readable, viewer: { name: 'text', reason: null } };
}

function noPreviewReason(file: ChangedFile): string {
  if (file.renamedFile) return 'File renamed with no changes.';
  if (file.aMode !== file.bMode && !file.newFile && !file.deletedFile) {
    return `File mode changed from ${file.aMode} to ${file.bMode}`;
  }
  // GitLab's empty-file viewer, for a new or deleted file without lines.
  if (file.newFile || file.deletedFile) return 'Empty file';
  return 'Only whitespace changed.';
}
