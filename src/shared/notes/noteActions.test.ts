import { describe, expect, it } from 'vitest';
import { buildAuthor, buildDiscussion, buildNote } from '../../../test/support/note-fixtures';
import {
  canReportAbuse,
  canShowResolve,
  lastOwnNote,
  resolveWithIssuePath,
  showDeleteDirectly,
} from './noteActions';

const may = (can_resolve: boolean) => ({
  can_edit: true,
  can_award_emoji: true,
  can_resolve,
  can_resolve_discussion: can_resolve,
});

describe('resolve controls (spec 001 §5)', () => {
  it.each([
    ['every resolvable note lets the user resolve', true, [true, true], true],
    ['one resolvable note does not', true, [true, false], false],
    ['the thread is not resolvable', false, [true], false],
  ])('%s: %s', (_rule, resolvable, flags, shown) => {
    const notes = flags.map((flag, i) => buildNote({ id: i + 1, resolvable: true, current_user: may(flag) }));
    expect(canShowResolve(buildDiscussion({ resolvable, notes }))).toBe(shown);
  });

  it('ignores notes that are not resolvable', () => {
    const notes = [
      buildNote({ id: 1, resolvable: true, current_user: may(true) }),
      buildNote({ id: 2, system: true, resolvable: false, current_user: may(false) }),
    ];
    expect(canShowResolve(buildDiscussion({ resolvable: true, notes }))).toBe(true);
  });
});

describe('create issue to resolve thread (spec 001 §2.2, §5)', () => {
  const path = '/g/p/-/issues/new?discussion_to_resolve=abc&merge_request_to_resolve_discussions_of=1';
  it.each([
    ['an unresolved thread the user may resolve', false, true, path, path],
    ['a resolved thread', true, true, path, null],
    ['a thread the user may not resolve', false, false, path, null],
    ['no path from the server (may not open issues)', false, true, null, null],
  ])('%s', (_case, resolved, canResolve, serverPath, shown) => {
    const notes = [buildNote({ id: 1, resolvable: true, current_user: may(canResolve) })];
    const discussion = buildDiscussion({
      resolvable: true,
      resolved,
      notes,
      resolve_with_issue_path: serverPath,
    });
    expect(resolveWithIssuePath(discussion)).toBe(shown);
  });
});

describe('delete directly (spec 001 §5)', () => {
  it.each([
    [true, false, null, true],
    [false, false, null, false],
    [true, true, null, false],
    [true, false, 'http://x/#note_1', false],
  ])('deletable %s, reportable %s, url %s: %s', (canDelete, reportable, url, direct) => {
    expect(showDeleteDirectly(canDelete, reportable, url)).toBe(direct);
  });
});

describe('report abuse (spec 001 §5)', () => {
  const path = '/-/abuse_reports/add_category';
  it.each([
    ['someone else, with a path', path, 2, true],
    ['no report path', null, 2, false],
    ['own note', path, 1, false],
    ['signed out', path, null, true],
  ])('%s', (_case, report_abuse_path, me, shown) => {
    expect(canReportAbuse(buildNote({ report_abuse_path, author: buildAuthor(1) }), me)).toBe(shown);
  });
  it('a deleted author cannot be reported', () => {
    expect(canReportAbuse(buildNote({ report_abuse_path: '/r', author: null }), 2)).toBe(false);
  });
});

describe('last own note (spec 001 §6)', () => {
  const note = (id: number, authorId: number, created_at: string, extra = {}) =>
    buildNote({ id, author: buildAuthor(authorId), created_at, ...extra });
  const threads = [
    buildDiscussion({ id: 'a', notes: [note(1, 1, '2026-01-01'), note(2, 2, '2026-01-04')] }),
    buildDiscussion({
      id: 'b',
      notes: [note(3, 1, '2026-01-03'), note(4, 1, '2026-01-05', { system: true })],
    }),
  ];
  it.each([
    [1, 3],
    [2, 2],
    [9, null],
    [null, null],
  ])('user %s edits note %s', (userId, noteId) => {
    expect(lastOwnNote(threads, userId)?.id ?? null).toBe(noteId);
  });
});
