import type { Discussion, Note, NoteAuthor } from '../../src/shared/api/notes';

/** Notes and threads in the page contract's shape, for unit tests of the Activity rules and UI. */
export function buildAuthor(id: number, name = `User ${id}`): NoteAuthor {
  const username = `user${id}`;
  return {
    id,
    username,
    name,
    state: 'active',
    avatar_url: null,
    path: `/${username}`,
    web_url: `http://localhost/${username}`,
    user_type: 'human',
    bot: false,
  };
}

export function buildNote(overrides: Partial<Note> = {}): Note {
  const id = overrides.id ?? 1;
  return {
    id,
    discussion_id: 'd1',
    type: null,
    system: false,
    system_note_icon_name: null,
    note: 'A comment',
    note_html: '<p>A comment</p>',
    author: buildAuthor(1),
    created_at: '2026-11-22T00:00:00.000Z',
    updated_at: '2026-11-22T00:00:00.000Z',
    last_edited_at: null,
    last_edited_by: null,
    internal: false,
    confidential: false,
    resolvable: false,
    resolved: false,
    resolved_by: null,
    resolved_at: null,
    resolved_by_push: false,
    noteable_id: 1,
    noteable_type: 'MergeRequest',
    noteable_note_url: `http://localhost/g/p/-/merge_requests/1#note_${id}`,
    path: `/g/p/-/notes/${id}`,
    toggle_award_path: `/g/p/-/notes/${id}/toggle_award_emoji`,
    report_abuse_path: null,
    award_emoji: [],
    attachment: null,
    suggestions: [],
    imported: false,
    external_author: null,
    human_access: null,
    is_contributor: false,
    is_noteable_author: false,
    current_user: { can_edit: true, can_award_emoji: true, can_resolve: true, can_resolve_discussion: true },
    position: null,
    line_code: null,
    commit_id: null,
    ...overrides,
  };
}

export function buildDiscussion(overrides: Partial<Discussion> = {}): Discussion {
  const id = overrides.id ?? 'd1';
  return {
    id,
    reply_id: id,
    project_id: 1,
    individual_note: false,
    resolvable: false,
    resolved: false,
    resolved_at: null,
    resolved_by: null,
    resolved_by_push: false,
    resolve_path: null,
    resolve_with_issue_path: null,
    discussion_path: `/g/p/-/merge_requests/1/discussions/${id}`,
    expanded: true,
    diff_discussion: false,
    for_commit: false,
    commit_id: null,
    active: true,
    internal: false,
    position: null,
    original_position: null,
    line_code: null,
    diff_file: null,
    truncated_diff_lines: null,
    truncated_diff_lines_path: null,
    notes: [buildNote({ discussion_id: id })],
    ...overrides,
  };
}
