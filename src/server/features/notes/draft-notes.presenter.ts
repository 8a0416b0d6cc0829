import type { DraftNote, NotePosition } from '../../../shared/api/notes';
import { parseQuickActions } from '../../../shared/quick-actions/quickActions';
import type { MarkdownWriter } from '../references/references.service';
import type { Noteable } from './noteables';
import type { DraftNoteRow } from './notes.repo';

/**
 * A draft as it will be published: the body without its command lines (rendered as the note will
 * be), and the commands that will run then, shown below the body while it is not being edited.
 * Unknown `/words` and lines in code blocks are body, not commands.
 */
export const draftParts = (draft: DraftNoteRow, noteable: Noteable) =>
  parseQuickActions(draft.note, noteable.noteableType);

/** GitLab's DraftNoteEntity, as the Activity section and the Changes tab read it. */
export function presentDraftNote(
  draft: DraftNoteRow,
  noteable: Noteable,
  markdown: MarkdownWriter,
): DraftNote {
  const path = `${noteable.path}/draft_notes/${draft.id}`;
  const { body, lines } = draftParts(draft, noteable);
  return {
    id: draft.id,
    author_id: draft.authorId,
    merge_request_id: draft.mergeRequestId,
    discussion_id: draft.discussionId,
    resolve_discussion: draft.resolveDiscussion,
    note: draft.note,
    note_html: markdown.html(body),
    internal: draft.internal,
    position: draft.position as NotePosition | null,
    line_code: draft.lineCode,
    commit_id: draft.commitId,
    isDraft: true,
    references: { commands: lines.join('\n') },
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
