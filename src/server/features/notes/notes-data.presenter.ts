import type { NotesData } from '../../../shared/api/notes';
import { can, type Actor } from '../../auth/permissions';
import type { Noteable } from './noteables';

type Facts = { notesFilter: number; prerenderedNotesCount: number; lastFetchedAt: number };

type Viewer = (Actor & { name?: string; username?: string }) | null;

/** `notes_data.json`: spec 001 section 3's "Notes data", "Noteable data" and "User data". */
export function presentNotesData(actor: Viewer, noteable: Noteable, facts: Facts): NotesData {
  const { ctx, path } = noteable;
  const isMergeRequest = noteable.noteableType === 'MergeRequest';
  const canCreateNote = can(actor, 'create_note', noteable.facts);
  return {
    discussionsPath: `${path}/discussions.json`,
    notesPath: `${path}/notes`,
    draftsPath: isMergeRequest && canCreateNote ? `${path}/draft_notes` : null,
    closePath: noteable.canUpdate ? `${path}/close` : null,
    reopenPath: noteable.canUpdate ? `${path}/reopen` : null,
    markdownDocsPath: '/help/user/markdown',
    registerPath: '/users/sign_up',
    newSessionPath: `/users/sign_in?redirect_to_referer=yes`,
    prerenderedNotesCount: facts.prerenderedNotesCount,
    projectId: ctx.project.id,
    noteableType: noteable.noteableType,
    noteableId: noteable.noteableId,
    lastFetchedAt: facts.lastFetchedAt,
    notesFilter: facts.notesFilter,
    noteableData: {
      id: noteable.noteableId,
      iid: noteable.iid,
      project_id: ctx.project.id,
      state: noteable.state,
      confidential: noteable.confidential,
      discussion_locked: noteable.discussionLocked,
      noteableType: noteable.noteableType,
      targetType: noteable.targetType,
      web_url: path,
      create_note_path: `${path}/notes`,
      preview_note_path: '/api/v4/markdown',
      diff_head_sha: noteable.diffRefs?.headSha ?? null,
      archived: ctx.project.archived,
      assignees: noteable.assignees,
      current_user: {
        can_create_note: canCreateNote,
        can_create_confidential_note: can(actor, 'create_internal_note', noteable.facts),
        can_update: noteable.canUpdate,
        can_set_issue_metadata: noteable.canSetIssueMetadata,
        can_award_emoji: can(actor, 'award_emoji', noteable.facts),
      },
    },
    currentUserData:
      actor && actor.name !== undefined && actor.username !== undefined
        ? {
            id: actor.id,
            name: actor.name,
            username: actor.username,
            can_add_timeline_events: noteable.canAddTimelineEvents,
          }
        : null,
  };
}
