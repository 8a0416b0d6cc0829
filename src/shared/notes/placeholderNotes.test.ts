import { describe, expect, it } from 'vitest';
import { placeholderNotes } from './placeholderNotes';

describe('placeholder notes while a note is saved (spec 001 §2.10)', () => {
  it.each([
    ['Looks good.', 'MergeRequest', { body: 'Looks good.', systemNote: null }],
    ['/close', 'MergeRequest', { body: null, systemNote: 'Applying command to close this merge request' }],
    ['/reopen', 'Issue', { body: null, systemNote: 'Applying command to reopen this issue' }],
    ['/draft', 'MergeRequest', { body: null, systemNote: 'Applying command to set the draft status' }],
    ['/award :tada:', 'Issue', { body: null, systemNote: 'Applying command to add emoji reaction' }],
    // A command whose arguments were not understood is still applied (and reported), not named.
    ['/spend soon', 'Issue', { body: null, systemNote: 'Applying command' }],
    ['/close\n/award :tada:', 'Issue', { body: null, systemNote: 'Applying multiple commands' }],
    [
      'Done here.\n/close',
      'Issue',
      { body: 'Done here.', systemNote: 'Applying command to close this issue' },
    ],
    // Commands the noteable does not know are text; so are commands inside code blocks.
    ['/draft', 'Issue', { body: '/draft', systemNote: null }],
    ['```\n/close\n```', 'MergeRequest', { body: '```\n/close\n```', systemNote: null }],
  ] as const)('%j on a %s', (text, type, expected) => {
    expect(placeholderNotes(text, type)).toEqual(expected);
  });
});
