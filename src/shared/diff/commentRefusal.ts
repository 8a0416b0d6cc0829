/**
 * Spec 001 section 5: files whose lines take no comments, and why, in GitLab's words (its diff
 * rows' `addCommentTooltip`). The server refuses such positions with the same words; the Changes
 * tab shows the comment button disabled with them.
 */
export const COMMENT_REFUSALS = {
  symlink: 'Commenting on symbolic links that replace or are replaced by files is not supported',
  movedOnly: 'Commenting on files that are only moved or renamed is not supported',
} as const;

export type CommentRefusal = keyof typeof COMMENT_REFUSALS;

/** What a refusal needs of a file: its modes and whether it is a rename without changed lines. */
export type RefusableFile = {
  aMode: string;
  bMode: string;
  renamedFile: boolean;
  addedLines: number;
  removedLines: number;
};

const SYMLINK_MODE = '120000';
const ABSENT_MODE = /^0+$/;

/** A symbolic link replaced by a file or the other way round (a plain symlink change is fine). */
function symlinkSwap({ aMode, bMode }: RefusableFile): boolean {
  if (ABSENT_MODE.test(aMode) || ABSENT_MODE.test(bMode)) return false;
  return (aMode === SYMLINK_MODE) !== (bMode === SYMLINK_MODE);
}

export function commentRefusal(file: RefusableFile): CommentRefusal | null {
  if (symlinkSwap(file)) return 'symlink';
  if (file.renamedFile && file.addedLines === 0 && file.removedLines === 0) return 'movedOnly';
  return null;
}
