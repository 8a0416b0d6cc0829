/**
 * Per-file diff limits, after GitLab's: past the maximum patch size a file's lines are not shown
 * (the too_large viewer); from a tenth of the limits a file is collapsed automatically and its
 * lines load when the reader expands it (GitLab's diff limits: "when a diff reaches 10% of any of
 * these values, the files are shown in a collapsed view"). Only per-file limits apply: no file is
 * collapsed or hidden because of how many others the diff has.
 */

/** Past this many bytes of patch a file's lines are not kept (a 5 MB minified line). */
export const MAX_FILE_PATCH_BYTES = 1024 * 1024;

/** A tenth of the maximum patch size. */
export const COLLAPSE_PATCH_BYTES = MAX_FILE_PATCH_BYTES / 10;

/** A tenth of GitLab's maximum diff lines (50,000). */
export const COLLAPSE_CHANGED_LINES = 5_000;

/**
 * Whether a file is collapsed automatically: its changed lines (numstat's count, known to the
 * file list and the batches alike) or its patch's bytes (known once the patch is read; null
 * before) reach the collapse limits.
 */
export function collapsedAutomatically(changedLines: number, patchBytes: number | null): boolean {
  return changedLines >= COLLAPSE_CHANGED_LINES || (patchBytes ?? 0) >= COLLAPSE_PATCH_BYTES;
}
