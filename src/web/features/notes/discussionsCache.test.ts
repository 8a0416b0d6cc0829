import { describe, expect, it } from 'vitest';
import { buildDiscussion, buildNote } from '../../../../test/support/note-fixtures';
import { allDiscussions, withDiscussion, withNote, withoutNote } from './discussionsCache';
import type { DiscussionPages } from './queries';

const pages = (...lists: string[][]): DiscussionPages => ({
  pageParams: lists.map((_, index) => ({ cursor: index ? `c${index}` : null, perPage: 20 })),
  pages: lists.map((ids) => ({
    discussions: ids.map((id, at) =>
      buildDiscussion({
        id,
        reply_id: id,
        notes: [buildNote({ id: id.charCodeAt(0) * 10 + at, discussion_id: id })],
      }),
    ),
    next: null,
  })),
});

const ids = (data: DiscussionPages | null) => allDiscussions(data ?? undefined).map((d) => d.id);

describe('cached pages of threads', () => {
  it('adds a reply to its thread on whichever page holds it', () => {
    const data = withNote(pages(['a'], ['b']), buildNote({ id: 99, discussion_id: 'b' }));
    expect(data?.pages[1]?.discussions[0]?.notes.map((note) => note.id)).toEqual([980, 99]);
  });

  it('asks for a reread when no page holds the thread', () => {
    expect(withNote(pages(['a']), buildNote({ id: 99, discussion_id: 'z' }))).toBeNull();
  });

  it('asks for a reread when a reply turns a single note into a thread', () => {
    const single = pages(['a']);
    single.pages[0]!.discussions[0] = { ...single.pages[0]!.discussions[0]!, individual_note: true };
    expect(withNote(single, buildNote({ id: 99, discussion_id: 'a' }))).toBeNull();
  });

  it('follows a resolved note into its thread state', () => {
    const start = pages(['a']);
    const note = { ...start.pages[0]!.discussions[0]!.notes[0]!, resolvable: true, resolved: true };
    expect(withNote(start, note)?.pages[0]?.discussions[0]?.resolved).toBe(true);
  });

  it('replaces a known thread where it is and appends a new one to the last page', () => {
    const replaced = withDiscussion(pages(['a', 'b'], ['c']), buildDiscussion({ id: 'b', resolved: true }));
    expect(ids(replaced)).toEqual(['a', 'b', 'c']);
    expect(replaced.pages[0]?.discussions[1]?.resolved).toBe(true);
    expect(ids(withDiscussion(pages(['a'], ['c']), buildDiscussion({ id: 'n' })))).toEqual(['a', 'c', 'n']);
  });

  it('drops a deleted note and its emptied thread', () => {
    expect(ids(withoutNote(pages(['a', 'b']), 981))).toEqual(['a']);
  });
});
