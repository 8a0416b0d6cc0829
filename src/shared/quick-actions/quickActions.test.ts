import { describe, expect, it } from 'vitest';
import {
  appliedMessage,
  failedMessage,
  parseQuickActions,
  referenceSentence,
  type QuickCommand,
} from './quickActions';

describe('parseQuickActions', () => {
  it.each<[string, QuickCommand[], string]>([
    ['/close', [{ name: 'close' }], ''],
    ['/reopen', [{ name: 'reopen' }], ''],
    ['/draft', [{ name: 'draft' }], ''],
    ['/ready', [{ name: 'ready' }], ''],
    ['/approve', [{ name: 'approve' }], ''],
    ['/unapprove', [{ name: 'unapprove' }], ''],
    ['/merge', [{ name: 'merge' }], ''],
    ['/lock\n/unlock', [{ name: 'lock' }, { name: 'unlock' }], ''],
    ['/assign @alice', [{ name: 'assign', usernames: ['alice'] }], ''],
    ['/assign @alice @bob', [{ name: 'assign', usernames: ['alice', 'bob'] }], ''],
    ['/assign me', [{ name: 'assign', usernames: ['me'] }], ''],
    ['/unassign @alice', [{ name: 'unassign', usernames: ['alice'] }], ''],
    ['/unassign', [{ name: 'unassign', usernames: [] }], ''],
    ['/assign_reviewer @a @b', [{ name: 'assign_reviewer', usernames: ['a', 'b'] }], ''],
    ['/request_review @a', [{ name: 'request_review', usernames: ['a'] }], ''],
    ['/unassign_reviewer', [{ name: 'unassign_reviewer', usernames: [] }], ''],
    ['/reassign_reviewer @c', [{ name: 'reassign_reviewer', usernames: ['c'] }], ''],
    ['/award :tada:', [{ name: 'award', emoji: 'tada' }], ''],
    ['/award :+1:', [{ name: 'award', emoji: 'thumbsup' }], ''],
    ['/award thumbsdown', [{ name: 'award', emoji: 'thumbsdown' }], ''],
    ['/spend 1h 30m', [{ name: 'spend', seconds: 5400, spentAt: null }], ''],
    ['/spend 1h 2026-11-20', [{ name: 'spend', seconds: 3600, spentAt: '2026-11-20' }], ''],
    ['/spend -30m', [{ name: 'spend', seconds: -1800, spentAt: null }], ''],
    ['/estimate 1d 2h', [{ name: 'estimate', seconds: 36000 }], ''],
    ['/estimate 0m', [{ name: 'estimate', seconds: 0 }], ''],
  ])('%j on a merge request', (note, commands, body) => {
    expect(parseQuickActions(note, 'MergeRequest')).toEqual({ commands, body, lines: note.split('\n') });
  });

  it.each<[string, QuickCommand[]]>([
    ['/award :<img src=x onerror=alert(1)>:', [{ name: 'invalid', command: 'award' }]],
    ['/award :no_such_emoji:', [{ name: 'invalid', command: 'award' }]],
    ['/spend', [{ name: 'invalid', command: 'spend' }]],
    ['/spend soon', [{ name: 'invalid', command: 'spend' }]],
    ['/estimate -1h', [{ name: 'invalid', command: 'estimate' }]],
    ['/assign', [{ name: 'invalid', command: 'assign' }]],
    ['/assign <script>', [{ name: 'invalid', command: 'assign' }]],
  ])('%j is a command it cannot apply', (note, commands) => {
    expect(parseQuickActions(note, 'MergeRequest')).toEqual({ commands, body: '', lines: [note] });
  });

  it('keeps the text around the commands', () => {
    expect(parseQuickActions('Looks good.\n/close\nThanks!', 'MergeRequest')).toEqual({
      commands: [{ name: 'close' }],
      body: 'Looks good.\nThanks!',
      lines: ['/close'],
    });
  });

  it.each([
    ['an unknown command', '/shrug please'],
    ['a command later in the line', 'please /close'],
    ['a path', '/usr/bin/env'],
    ['a command in a code block', '```\n/close\n```'],
    ['a command in a tilde code block', '~~~\n/close\n~~~'],
  ])('leaves %s in the body', (_, note) => {
    expect(parseQuickActions(note, 'MergeRequest')).toEqual({ commands: [], body: note, lines: [] });
  });

  it.each([['/draft'], ['/ready'], ['/merge'], ['/approve']])(
    'an issue does not know %s: it stays text',
    (note) => {
      expect(parseQuickActions(note, 'Issue')).toEqual({ commands: [], body: note, lines: [] });
    },
  );
});

describe('appliedMessage', () => {
  it.each<
    [
      QuickCommand & { name: Exclude<QuickCommand['name'], 'invalid'> },
      'Issue' | 'MergeRequest',
      string[],
      string,
    ]
  >([
    [{ name: 'close' }, 'MergeRequest', [], 'Closed this merge request.'],
    [{ name: 'close' }, 'Issue', [], 'Closed this issue.'],
    [{ name: 'reopen' }, 'MergeRequest', [], 'Reopened this merge request.'],
    [{ name: 'reopen' }, 'Issue', [], 'Reopened this issue.'],
    [{ name: 'draft' }, 'MergeRequest', [], 'Marked this merge request as a draft.'],
    [{ name: 'ready' }, 'MergeRequest', [], 'Marked this merge request as ready.'],
    [{ name: 'approve' }, 'MergeRequest', [], 'Approved the current merge request.'],
    [{ name: 'unapprove' }, 'MergeRequest', [], 'Unapproved the current merge request.'],
    [{ name: 'merge' }, 'MergeRequest', [], 'Merged this merge request.'],
    [{ name: 'lock' }, 'Issue', [], 'Locked the discussion.'],
    [{ name: 'unlock' }, 'Issue', [], 'Unlocked the discussion.'],
    [{ name: 'assign', usernames: ['me'] }, 'Issue', ['alice'], 'Assigned @alice.'],
    [{ name: 'assign', usernames: [] }, 'Issue', ['a', 'b'], 'Assigned @a and @b.'],
    [{ name: 'unassign', usernames: [] }, 'Issue', ['alice'], 'Removed assignee @alice.'],
    [{ name: 'assign_reviewer', usernames: ['a'] }, 'MergeRequest', ['a'], 'Assigned @a as reviewer.'],
    [
      { name: 'assign_reviewer', usernames: ['a', 'b'] },
      'MergeRequest',
      ['a', 'b'],
      'Assigned @a and @b as reviewers.',
    ],
    [{ name: 'request_review', usernames: ['a'] }, 'MergeRequest', ['a'], 'Requested a review from @a.'],
    [{ name: 'unassign_reviewer', usernames: [] }, 'MergeRequest', ['a'], 'Removed reviewer @a.'],
    [
      { name: 'unassign_reviewer', usernames: [] },
      'MergeRequest',
      ['a', 'b', 'c'],
      'Removed reviewers @a, @b, and @c.',
    ],
    [{ name: 'reassign_reviewer', usernames: ['c'] }, 'MergeRequest', ['c'], 'Changed reviewers.'],
    [{ name: 'unassign', usernames: [] }, 'Issue', ['a', 'b'], 'Removed assignees @a and @b.'],
    [{ name: 'award', emoji: 'tada' }, 'Issue', [], 'Toggled :tada: emoji award.'],
    [{ name: 'spend', seconds: 5400, spentAt: null }, 'Issue', [], 'Added 1h 30m of time spent.'],
    [{ name: 'spend', seconds: -1800, spentAt: null }, 'Issue', [], 'Subtracted 30m from time spent.'],
    [{ name: 'estimate', seconds: 36000 }, 'Issue', [], 'Set time estimate to 1d 2h.'],
  ])('%j on %s', (command, type, usernames, message) => {
    expect(appliedMessage(command, type, usernames)).toBe(message);
  });

  it('words a command it could not apply', () => {
    expect(failedMessage('spend')).toBe('Could not apply spend command.');
  });

  it.each([
    [['a'], '@a'],
    [['a', 'b'], '@a and @b'],
    [['a', 'b', 'c'], '@a, @b, and @c'],
  ])('joins %j as %j', (names, sentence) => {
    expect(referenceSentence(names)).toBe(sentence);
  });
});
