import { describe, expect, it } from 'vitest';
import { buildAuthor, buildDiscussion, buildNote } from '../../../test/support/note-fixtures';
import {
  asThread,
  removeNote,
  upsertNote,
  withoutDeletedNotes,
  withResolvedState,
} from './discussionUpdates';

describe('an individual note becomes a discussion (spec 001 §4)', () => {
  it('when it gets a reply', () => {
    const single = buildDiscussion({ individual_note: true, notes: [buildNote({ id: 1 })] });
    const updated = upsertNote([single], buildNote({ id: 2, type: 'DiscussionNote' }));
    expect(updated?.[0]?.individual_note).toBe(false);
    expect(updated?.[0]?.notes.map((note) => [note.id, note.type])).toEqual([
      [1, 'DiscussionNote'],
      [2, 'DiscussionNote'],
    ]);
  });

  it('keeps a thread as it is', () => {
    const thread = buildDiscussion();
    expect(asThread(thread)).toBe(thread);
  });
});

describe('notes merged into the list', () => {
  const thread = buildDiscussion({ notes: [buildNote({ id: 1 }), buildNote({ id: 2 })] });

  it('replaces a note it holds', () => {
    const updated = upsertNote([thread], buildNote({ id: 2, note: 'edited' }));
    expect(updated?.[0]?.notes.map((note) => note.note)).toEqual(['A comment', 'edited']);
  });

  it('asks for a reread when the thread is unknown', () => {
    expect(upsertNote([thread], buildNote({ id: 3, discussion_id: 'other' }))).toBeNull();
  });

  it('removes a deleted note and an emptied thread', () => {
    expect(removeNote([thread], 1)[0]?.notes.map((note) => note.id)).toEqual([2]);
    expect(removeNote(removeNote([thread], 1), 2)).toEqual([]);
  });

  it.each([
    [[true, true], true],
    [[true, false], false],
  ])('a thread with notes resolved %o is resolved: %s', (states, resolved) => {
    const notes = states.map((state, i) => buildNote({ id: i + 1, resolvable: true, resolved: state }));
    expect(withResolvedState(buildDiscussion({ resolvable: true, notes })).resolved).toBe(resolved);
  });

  it('names who resolved it, or that a push did', () => {
    const ada = buildAuthor(7, 'Ada');
    const byAda = {
      resolvable: true,
      resolved: true,
      resolved_by: ada,
      resolved_at: '2026-11-22T01:00:00.000Z',
    };
    const thread = withResolvedState(buildDiscussion({ resolvable: true, notes: [buildNote(byAda)] }));
    expect([thread.resolved_by?.name, thread.resolved_at, thread.resolved_by_push]).toEqual([
      'Ada',
      '2026-11-22T01:00:00.000Z',
      false,
    ]);
    const pushed = buildNote({ resolvable: true, resolved: true, resolved_by_push: true });
    expect(withResolvedState(buildDiscussion({ resolvable: true, notes: [pushed] })).resolved_by_push).toBe(
      true,
    );
  });
});

describe('deletions seen by polling', () => {
  const at = (iso: string) => Date.parse(iso);
  const thread = buildDiscussion({
    notes: [
      buildNote({ id: 1, created_at: '2026-11-22T00:00:00.000Z' }),
      buildNote({ id: 2, created_at: '2026-11-22T00:10:00.000Z' }),
    ],
  });

  it.each([
    ['both listed', [1, 2], '2026-11-22T00:20:00.000Z', [1, 2]],
    ['an old note unlisted is deleted', [2], '2026-11-22T00:20:00.000Z', [2]],
    ['a note newer than the list stays', [1], '2026-11-22T00:10:03.000Z', [1, 2]],
  ])('%s', (_case, listed, listedAt, kept) => {
    const result = withoutDeletedNotes([thread], new Set(listed), at(listedAt));
    expect(result[0]?.notes.map((note) => note.id)).toEqual(kept);
  });

  it('drops a thread left without notes', () => {
    expect(withoutDeletedNotes([thread], new Set(), at('2026-11-22T01:00:00.000Z'))).toEqual([]);
  });
});
