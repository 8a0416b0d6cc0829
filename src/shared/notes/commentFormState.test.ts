import { describe, expect, it } from 'vitest';
import {
  commentFormState,
  issuableDisplayName,
  lockedNotice,
  type CommentFormState,
} from './commentFormState';

const noteable = (overrides = {}) => ({
  archived: false,
  discussion_locked: false,
  confidential: false,
  targetType: 'merge_request' as const,
  current_user: { can_create_note: true },
  ...overrides,
});

describe('comment form state (spec 001 §2.10, §4, §6)', () => {
  it.each<[string, ReturnType<typeof noteable>, boolean, number, CommentFormState]>([
    ['signed out', noteable(), false, 0, { kind: 'signed_out' }],
    ['archived', noteable({ archived: true }), true, 0, { kind: 'archived' }],
    [
      'locked, not a member',
      noteable({ discussion_locked: true, current_user: { can_create_note: false } }),
      true,
      0,
      { kind: 'locked' },
    ],
    [
      'no permission',
      noteable({ current_user: { can_create_note: false } }),
      true,
      0,
      { kind: 'no_permission' },
    ],
    ['history only', noteable(), true, 2, { kind: 'history_only' }],
    ['comments only', noteable(), true, 1, { kind: 'form', warnings: [] }],
    [
      'locked, a member',
      noteable({ discussion_locked: true }),
      true,
      0,
      {
        kind: 'form',
        warnings: ['The discussion in this merge request is locked. Only project members can comment.'],
      },
    ],
    [
      'confidential',
      noteable({ confidential: true, targetType: 'issue' }),
      true,
      0,
      {
        kind: 'form',
        warnings: ['This is a confidential issue. People without permission will never get a notification.'],
      },
    ],
  ])('%s', (_case, subject, signedIn, filter, state) => {
    expect(commentFormState(subject, signedIn, filter)).toEqual(state);
  });

  it.each([
    ['merge_request', 'merge request'],
    ['issue', 'issue'],
    ['incident', 'incident'],
  ] as const)('%s reads "%s"', (type, name) => {
    expect(issuableDisplayName(type)).toBe(name);
  });

  it('words the locked notice exactly', () => {
    expect(lockedNotice('issue')).toBe(
      'The discussion in this issue is locked. Only project members can comment.',
    );
  });
});
