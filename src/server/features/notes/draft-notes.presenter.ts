import type { DraftNote, NotePosition } from '../../../shared/api/notes';
import type { MarkdownWriter } from '../references/references.service';
import type { Noteable } from './noteables';
import type { DraftNoteRow } from './notes.repo';

/** The quick action lines of a draft, shown below its body while it is not being edited. */
const commandsOf = (note: string): string =>
  note
    .split('\n')
    .filter((line) => /^\/[a-z_]+/.test(line))
    .join('\n');

/** GitLab's DraftNoteEntity, as the Activity section and the Changes tab read it. */
export function presentDraftNote(
  draft: DraftNoteRow,
  noteable: Noteable,
  markdown: MarkdownWriter,
): DraftNote {
  const path = `${noteable.path}/draft_notes/${draft.id}`;
  return {
    id: draft.id,
    author_id: draft.authorId,
    merge_request_id: draft.mergeRequestId,
    discussion_id: draft.discussionId,
    resolve_discussion: draft.resolveDiscussion,
    note: draft.note,
    note_html: markdown.html(draft.note),
    internal: draft.internal,
    position: draft.position as NotePosition | null,
    line_code: draft.lineCode,
    commit_id: draft.commitId,
    isDraft: true,
    references: { commands: commandsOf(draft.note) },
    path,
    publish_path: `${path}/publish`,
  };
}

/** REST v4's DraftNote entity. */
export function presentApiDraftNote(draft: DraftNoteRow) {
  return {
    id: draft.id,
    author_id: draft.authorId,
    merge_request_id: draft.mergeRequestId,
    resolve_discussion: draft.resolveDiscussion,
    discussion_id: draft.discussionId,
    note: draft.note,
    commit_id: draft.commitId,
    line_code: draft.lineCode,
    position: draft.position as NotePosition | null,
  };
}
