import { assertNever } from '../../../shared/lib/assertNever';
import { lockedText, titleChangedText, type SystemNoteAction } from '../notes/system-note-texts';

/** What happened to an issue in one update, in the order GitLab writes its system notes. */
export type IssueEvent =
  | { action: 'closed' }
  | { action: 'reopened' }
  | { action: 'title'; from: string; to: string }
  | { action: 'description'; from: string; to: string }
  | { action: 'locked' }
  | { action: 'unlocked' }
  | { action: 'confidential'; confidential: boolean }
  | { action: 'issue_type'; from: string; to: string }
  | { action: 'assignee'; added: string[]; removed: string[] };

/** Rails' `to_sentence`: "a", "a and b", "a, b, and c". */
export function toSentence(words: readonly string[]): string {
  if (words.length <= 2) return words.join(' and ');
  return `${words.slice(0, -1).join(', ')}, and ${words.at(-1)}`;
}

const mentions = (usernames: readonly string[]) => toSentence(usernames.map((name) => `@${name}`));

/** GitLab's `change_issuable_assignees` text: "assigned to @a", "unassigned @b", or both joined by "and". */
export function assigneesChangedText(added: readonly string[], removed: readonly string[]): string {
  const parts = [
    added.length > 0 ? `assigned to ${mentions(added)}` : null,
    removed.length > 0 ? `unassigned ${mentions(removed)}` : null,
  ].filter((part): part is string => part !== null);
  return parts.join(' and ');
}

/**
 * The system note GitLab writes for an issue event: its action and body. Descriptions are not
 * here: the notes feature writes them with a description version.
 */
export function systemNoteOf(event: Exclude<IssueEvent, { action: 'description' }>): {
  action: SystemNoteAction;
  body: string;
} {
  switch (event.action) {
    case 'closed':
    case 'reopened':
      return { action: event.action, body: event.action };
    case 'title':
      return { action: 'title', body: titleChangedText(event.from, event.to) };
    case 'locked':
    case 'unlocked':
      return { action: event.action, body: lockedText(event.action === 'locked', 'Issue') };
    case 'confidential':
      return event.confidential
        ? { action: 'confidential', body: 'made the issue confidential' }
        : { action: 'visible', body: 'made the issue visible to everyone' };
    case 'issue_type':
      return { action: 'issue_type', body: `changed type from ${event.from} to ${event.to}` };
    case 'assignee':
      return { action: 'assignee', body: assigneesChangedText(event.added, event.removed) };
    default:
      return assertNever(event);
  }
}
