import type { updateIssueBodySchema } from '../../../shared/api/issues';
import type { z } from 'zod';
import type { IssueEvent } from './issue-system-notes';
import type { IssueRow, PersonRow } from './issues.repo';

export type ParsedUpdate = z.output<typeof updateIssueBodySchema>;

/** Whether an update touches metadata (`set_issue_metadata`) and whether it edits the issue itself (`update_issue`). */
export function permissionsNeeded(parsed: ParsedUpdate): { metadata: boolean; edit: boolean } {
  const metadata =
    parsed.assignee_ids !== undefined ||
    parsed.assignee_id !== undefined ||
    parsed.confidential !== undefined ||
    parsed.discussion_locked !== undefined;
  const edits =
    parsed.title !== undefined ||
    parsed.description !== undefined ||
    parsed.issue_type !== undefined ||
    parsed.state_event !== undefined;
  // An update that asks for nothing still needs the right to edit, as GitLab answers it.
  return { metadata, edit: edits || !metadata };
}

/**
 * The columns an update changes and the events it makes, in the order GitLab writes its system
 * notes; fields that already hold the asked value change nothing.
 */
export function planFieldChanges(
  current: IssueRow,
  parsed: ParsedUpdate,
  actorId: number,
  now: Date,
): { changes: Partial<IssueRow>; events: IssueEvent[] } {
  const changes: Partial<IssueRow> = {};
  const events: IssueEvent[] = [];
  if (parsed.title !== undefined && parsed.title !== current.title) {
    changes.title = parsed.title;
    events.push({ action: 'title', from: current.title, to: parsed.title });
  }
  if (parsed.description !== undefined && parsed.description !== current.description) {
    changes.description = parsed.description;
    events.push({ action: 'description', from: current.description, to: parsed.description });
  }
  if (parsed.issue_type !== undefined && parsed.issue_type !== current.issueType) {
    changes.issueType = parsed.issue_type;
    events.push({ action: 'issue_type', from: current.issueType, to: parsed.issue_type });
  }
  if (parsed.confidential !== undefined && parsed.confidential !== current.confidential) {
    changes.confidential = parsed.confidential;
    events.push({ action: 'confidential', confidential: parsed.confidential });
  }
  if (parsed.discussion_locked !== undefined && parsed.discussion_locked !== current.discussionLocked) {
    changes.discussionLocked = parsed.discussion_locked;
    events.push({ action: parsed.discussion_locked ? 'locked' : 'unlocked' });
  }
  if (parsed.state_event === 'close' && current.state === 'opened') {
    Object.assign(changes, { state: 'closed', closedById: actorId, closedAt: now });
    events.push({ action: 'closed' });
  }
  if (parsed.state_event === 'reopen' && current.state === 'closed') {
    Object.assign(changes, { state: 'opened', closedById: null, closedAt: null });
    events.push({ action: 'reopened' });
  }
  return { changes, events };
}

/** "assigned to @a and unassigned @b", or nothing when the assignees stay the same. */
export function assigneeEvent(
  before: readonly Pick<PersonRow, 'id' | 'username'>[],
  after: readonly Pick<PersonRow, 'id' | 'username'>[],
): IssueEvent | null {
  const added = after.filter((user) => !before.some((b) => b.id === user.id)).map((user) => user.username);
  const removed = before.filter((user) => !after.some((a) => a.id === user.id)).map((user) => user.username);
  return added.length > 0 || removed.length > 0 ? { action: 'assignee', added, removed } : null;
}
