import { describe, expect, it } from 'vitest';
import { assigneesChangedText, systemNoteOf, toSentence, type IssueEvent } from './issue-system-notes';

describe('issue system notes', () => {
  it.each([
    [[], ''],
    [['a'], 'a'],
    [['a', 'b'], 'a and b'],
    [['a', 'b', 'c'], 'a, b, and c'],
  ])('to_sentence %j is %j', (words, sentence) => {
    expect(toSentence(words)).toBe(sentence);
  });

  it.each([
    [['ann'], [], 'assigned to @ann'],
    [[], ['bob'], 'unassigned @bob'],
    [['ann', 'cy'], ['bob'], 'assigned to @ann and @cy and unassigned @bob'],
  ])('assignees added %j, removed %j: %s', (added, removed, text) => {
    expect(assigneesChangedText(added, removed)).toBe(text);
  });

  const cases: Array<[Exclude<IssueEvent, { action: 'description' }>, string, string]> = [
    [{ action: 'closed' }, 'closed', 'closed'],
    [{ action: 'reopened' }, 'reopened', 'reopened'],
    [{ action: 'title', from: 'Old', to: 'New' }, 'title', 'changed title from **Old** to **New**'],
    [{ action: 'locked' }, 'locked', 'locked the discussion in this issue'],
    [{ action: 'unlocked' }, 'unlocked', 'unlocked the discussion in this issue'],
    [{ action: 'confidential', confidential: true }, 'confidential', 'made the issue confidential'],
    [{ action: 'confidential', confidential: false }, 'visible', 'made the issue visible to everyone'],
    [
      { action: 'issue_type', from: 'issue', to: 'incident' },
      'issue_type',
      'changed type from issue to incident',
    ],
    [{ action: 'assignee', added: ['ann'], removed: [] }, 'assignee', 'assigned to @ann'],
  ];
  it.each(cases)('%j writes action %s: %s', (event, action, body) => {
    expect(systemNoteOf(event)).toEqual({ action, body });
  });
});
