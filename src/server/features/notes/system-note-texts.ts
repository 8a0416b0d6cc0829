import { formatDuration } from '../../../shared/quick-actions/timeDuration';
/**
 * The system notes the server writes when something happens to an issue or a merge request:
 * GitLab's action names (`system_note_metadata.action`), the icon its web app shows for each,
 * and the body texts GitLab writes.
 */
export const SYSTEM_NOTE_ACTIONS = [
  'commit',
  'title',
  'description',
  'opened',
  'closed',
  'reopened',
  'merged',
  'merge',
  'locked',
  'unlocked',
  'assignee',
  'reviewer',
  'requested_changes',
  'confidential',
  'visible',
  'time_tracking',
  'approved',
  'unapproved',
  'timeline_event',
  'issue_type',
  'cross_reference',
  'outdated',
  'branch',
  'task',
  'discussion',
  'label',
] as const;
export type SystemNoteAction = (typeof SYSTEM_NOTE_ACTIONS)[number];

/** GitLab's `ICON_NAMES_BY_ACTION` (system_note_helper.rb) for the actions we write. */
const ICONS: Record<SystemNoteAction, string> = {
  commit: 'commit',
  title: 'pencil',
  description: 'pencil',
  opened: 'status_open',
  closed: 'status_closed',
  reopened: 'status_open',
  merged: 'merge',
  merge: 'merge',
  locked: 'lock',
  unlocked: 'lock-open',
  assignee: 'user',
  reviewer: 'user',
  requested_changes: 'error',
  confidential: 'eye-slash',
  visible: 'eye',
  time_tracking: 'timer',
  approved: 'check',
  unapproved: 'unapproval',
  timeline_event: 'clock',
  issue_type: 'pencil',
  cross_reference: 'comment-dots',
  outdated: 'pencil',
  branch: 'fork',
  task: 'task-done',
  discussion: 'comment',
  label: 'label',
};

export const systemNoteIconName = (action: string): string | null =>
  (ICONS as Record<string, string | undefined>)[action] ?? null;

export type PushedCommit = { id: string; short_id: string; title: string };

/** "added 2 commits" and the list, newest first, as GitLab's push note (the list is also in the metadata). */
export function commitsAddedText(commits: readonly PushedCommit[]): string {
  const count = commits.length === 1 ? '1 commit' : `${commits.length} commits`;
  const list = commits.map((commit) => `* ${commit.short_id} - ${commit.title}`).join('\n');
  return list ? `added ${count}\n\n${list}` : `added ${count}`;
}

export const titleChangedText = (from: string, to: string): string =>
  `changed title from **${from}** to **${to}**`;

/** GitLab's `change_branch` note for a target branch changed by hand. */
export const targetBranchChangedText = (from: string, to: string): string =>
  `changed target branch from \`${from}\` to \`${to}\``;

/** GitLab's `change_branch` note for a target branch that was merged and deleted, so the request moved on. */
export const targetBranchDeletedText = (deleted: string, target: string): string =>
  `deleted the \`${deleted}\` branch. This merge request now targets the \`${target}\` branch`;

/** GitLab's note in a thread resolved by creating an issue for it. */
export const continuedInIssueText = (issueIid: number): string =>
  `created #${issueIid} to continue this discussion`;

export const DESCRIPTION_CHANGED_TEXT = 'changed the description';

/** GitLab's `change_task_status` note for a ticked or unticked task list item of a description. */
export const taskStatusText = (item: string, checked: boolean): string =>
  `marked the checklist item **${item}** as ${checked ? 'completed' : 'incomplete'}`;

export const draftText = (draft: boolean): string =>
  `marked this merge request as **${draft ? 'draft' : 'ready'}**`;

export const lockedText = (locked: boolean, noteableType: 'Issue' | 'MergeRequest'): string =>
  `${locked ? 'locked' : 'unlocked'} the discussion in this ${noteableType === 'Issue' ? 'issue' : 'merge request'}`;

/** `/estimate`: GitLab's note for a new time estimate, or for its removal. */
export const timeEstimateText = (seconds: number): string =>
  seconds > 0 ? `changed time estimate to ${formatDuration(seconds)}` : 'removed time estimate';

/** The action of a state change, which is also its text ("closed", "reopened", "merged"). */
export type StateAction = Extract<SystemNoteAction, 'opened' | 'closed' | 'reopened' | 'merged'>;

/**
 * GitLab's `diff_discussion_outdated` note, written in a diff thread when a push changed what it
 * commented on: "changed this line in [version 2 of the diff](...)" (an image point: "this file").
 */
export const outdatedText = (on: 'line' | 'file', versionIndex: number, url: string): string =>
  `changed this ${on} in [version ${versionIndex} of the diff](${url})`;
