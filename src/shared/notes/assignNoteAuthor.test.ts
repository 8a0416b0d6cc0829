import { describe, expect, it } from 'vitest';
import { buildAuthor } from '../../../test/support/note-fixtures';
import { canAssignNoteAuthor, toggledAssignees } from './assignNoteAuthor';

const author = { id: 7, username: 'ada', name: 'Ada' };
const rights = (can_set_issue_metadata: boolean, can_update: boolean) => ({
  can_create_note: true,
  can_create_confidential_note: false,
  can_update,
  can_set_issue_metadata,
  can_award_emoji: true,
});

describe('canAssignNoteAuthor', () => {
  it.each([
    ['Issue', rights(true, false), false, author, true],
    ['Issue', rights(false, true), false, author, false],
    ['MergeRequest', rights(false, true), false, author, false],
    ['MergeRequest', rights(true, true), false, author, false],
    ['Issue', rights(true, true), true, author, false],
    ['Issue', rights(true, true), false, null, false],
  ] as const)('%s with %o, system %s, author %o: %s', (noteableType, current_user, system, who, allowed) => {
    const noteable = { noteableType, assignees: [], current_user };
    expect(canAssignNoteAuthor(noteable, { system, author: who && buildAuthor(who.id, who.name) })).toBe(
      allowed,
    );
  });
});

describe('toggledAssignees', () => {
  it('adds the author, or removes them when assigned', () => {
    expect(toggledAssignees({ assignees: [{ id: 1, username: 'a', name: 'A' }] }, 7)).toEqual([1, 7]);
    expect(toggledAssignees({ assignees: [{ id: 1, username: 'a', name: 'A' }, author] }, 7)).toEqual([1]);
  });
});
