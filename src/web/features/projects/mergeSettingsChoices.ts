import type { MergeMethod, SquashOption } from '../../../shared/api/projects';

export type Choice<T extends string> = { value: T; label: string; caption: string };

/** The merge methods as GitLab's merge request settings name and explain them. */
export const MERGE_METHOD_CHOICES: ReadonlyArray<Choice<MergeMethod>> = [
  { value: 'merge', label: 'Merge commit', caption: 'Every merge creates a merge commit.' },
  {
    value: 'rebase_merge',
    label: 'Merge commit with semi-linear history',
    caption:
      'Every merge creates a merge commit. Merging is only allowed when the source branch is up-to-date with its target. When semi-linear merge is not possible, the user is given the option to rebase.',
  },
  {
    value: 'ff',
    label: 'Fast-forward merge',
    caption:
      'No merge commits are created. Merging is only allowed when the source branch is up-to-date with its target. When fast-forward merge is not possible, the user is given the option to rebase.',
  },
];

/** The squash options in GitLab's order and words: never, allow (off), encourage (on), require. */
export const SQUASH_CHOICES: ReadonlyArray<Choice<SquashOption>> = [
  {
    value: 'never',
    label: 'Do not allow',
    caption: 'Squashing is never performed and the checkbox is hidden.',
  },
  { value: 'default_off', label: 'Allow', caption: 'Checkbox is visible and unselected by default.' },
  { value: 'default_on', label: 'Encourage', caption: 'Checkbox is visible and selected by default.' },
  {
    value: 'always',
    label: 'Require',
    caption: 'Squashing is always performed. Checkbox is visible and selected, and users cannot change it.',
  },
];
