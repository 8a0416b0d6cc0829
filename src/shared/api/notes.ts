import { z } from 'zod';
import { booleanParam, numericParam } from './params';
import { ABUSE_CATEGORIES } from '../notes/abuseCategories';
import { updateTaskSchema } from './taskLists';
import { userBasicSchema } from './users';

/**
 * The contract between the notes routes of the page (`{project}/-/merge_requests/{iid}/discussions.json`,
 * `.../notes`, `.../draft_notes`, `{project}/-/notes/{id}/...`, `{project}/-/issues/{iid}/...`) and the web
 * app's Activity section: GitLab's NoteEntity / DiscussionEntity fields as spec 001 section 3 lists them.
 * REST v4 (`/api/v4/.../notes`, `/discussions`, `/draft_notes`, `/award_emoji`) has its own, flatter shapes.
 */

/** Spec 001 section 9: the largest note body accepted (GitLab's limit too). */
export const MAX_NOTE_LENGTH = 1_000_000;

export const NOTEABLE_TYPES = ['Issue', 'MergeRequest'] as const;
export type NoteableType = (typeof NOTEABLE_TYPES)[number];

export const noteAuthorSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  state: z.string(),
  avatar_url: z.string().nullable(),
  path: z.string(),
  web_url: z.string(),
  /** `duo_code_review_bot` exists among GitLab's types; ours are `human` and bots. */
  user_type: z.string(),
  bot: z.boolean(),
});
export type NoteAuthor = z.infer<typeof noteAuthorSchema>;

/** A text position (`position_type: text`) or an image point (`position_type: image`). */
export const notePositionSchema = z.object({
  base_sha: z.string(),
  start_sha: z.string(),
  head_sha: z.string(),
  old_path: z.string(),
  new_path: z.string(),
  position_type: z.enum(['text', 'image']),
  old_line: z.number().int().nullable().optional(),
  new_line: z.number().int().nullable().optional(),
  line_range: z
    .object({
      start: z.object({
        line_code: z.string(),
        type: z.enum(['new', 'old']).nullable(),
        old_line: z.number().nullable(),
        new_line: z.number().nullable(),
      }),
      end: z.object({
        line_code: z.string(),
        type: z.enum(['new', 'old']).nullable(),
        old_line: z.number().nullable(),
        new_line: z.number().nullable(),
      }),
    })
    .nullable()
    .optional(),
  x: z.number().optional(),
  y: z.number().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});
export type NotePosition = z.infer<typeof notePositionSchema>;

/** A number of a position sent as text (form bodies) or JSON; an empty one is none, as GitLab reads it. */
const positionNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? null : numericParam(value)), schema);
const lineEnd = z.object({
  line_code: z.string(),
  type: z.preprocess((value) => (value === '' ? null : value), z.enum(['new', 'old']).nullable()),
  old_line: positionNumber(z.number().nullable()),
  new_line: positionNumber(z.number().nullable()),
});

/** A position as REST clients send it: JSON, or `position[new_line]=2` in a form body. */
export const apiNotePositionSchema = notePositionSchema.extend({
  old_line: positionNumber(z.number().int().nullable()).optional(),
  new_line: positionNumber(z.number().int().nullable()).optional(),
  line_range: z.object({ start: lineEnd, end: lineEnd }).nullable().optional(),
  x: positionNumber(z.number()).optional(),
  y: positionNumber(z.number()).optional(),
  width: positionNumber(z.number()).optional(),
  height: positionNumber(z.number()).optional(),
});

export const suggestionSchema = z.object({
  id: z.number(),
  from_line: z.number(),
  to_line: z.number(),
  appliable: z.boolean(),
  applied: z.boolean(),
  from_content: z.string(),
  to_content: z.string(),
  /** Why it cannot be applied, for the disabled button's tooltip. */
  inapplicable_reason: z.string().nullable(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const awardSchema = z.object({
  id: z.number(),
  name: z.string(),
  user: z.object({ id: z.number(), name: z.string(), username: z.string() }),
});
export type Award = z.infer<typeof awardSchema>;

/** A commit a push system note lists (expandable, collapsible above 3). */
export const systemNoteCommitSchema = z.object({ id: z.string(), short_id: z.string(), title: z.string() });

export const noteSchema = z.object({
  id: z.number(),
  discussion_id: z.string(),
  type: z.enum(['DiscussionNote', 'DiffNote']).nullable(),
  system: z.boolean(),
  system_note_icon_name: z.string().nullable(),
  note: z.string(),
  note_html: z.string(),
  author: noteAuthorSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_edited_at: z.string().nullable(),
  last_edited_by: noteAuthorSchema.nullable(),
  internal: z.boolean(),
  /** GitLab's older name for `internal`; both are sent. */
  confidential: z.boolean(),
  resolvable: z.boolean(),
  resolved: z.boolean(),
  resolved_by: noteAuthorSchema.nullable(),
  resolved_at: z.string().nullable(),
  resolved_by_push: z.boolean(),
  noteable_id: z.number(),
  noteable_type: z.enum(NOTEABLE_TYPES),
  noteable_note_url: z.string(),
  /** The note's own endpoint: PUT to edit, DELETE to delete. */
  path: z.string(),
  toggle_award_path: z.string(),
  /** Absent when the viewer may not report (signed out, or their own note). */
  report_abuse_path: z.string().nullable(),
  award_emoji: z.array(awardSchema),
  /**
   * GitLab's legacy note attachment (a file stored with the note, before uploads became links in
   * its text): null unless a note has one, which no note written here does; uploads are markdown
   * links in `note` (spec 001 "attachment detection").
   */
  attachment: z.object({ url: z.string(), filename: z.string(), image: z.boolean() }).nullable(),
  suggestions: z.array(suggestionSchema),
  /**
   * An imported note (its header's imported badge) and the e-mail of a Service Desk participant who
   * wrote it ("(external participant)"). This server imports no notes and has no Service Desk, so
   * it sends false and null (docs/decisions.md); the header shows them for a note that says so.
   */
  imported: z.boolean(),
  external_author: z.string().nullable(),
  /** The author's role in the project ("Maintainer", ...) or null for non-members. */
  human_access: z.string().nullable(),
  /** Not a member, with a merge request merged into the default branch (GitLab's `ProjectTeam#contributor?`). */
  is_contributor: z.boolean(),
  is_noteable_author: z.boolean(),
  current_user: z.object({
    can_edit: z.boolean(),
    can_award_emoji: z.boolean(),
    can_resolve: z.boolean(),
    can_resolve_discussion: z.boolean(),
  }),
  position: notePositionSchema.nullable(),
  line_code: z.string().nullable(),
  commit_id: z.string().nullable(),
  /** Push system notes: the commits pushed. */
  commits: z.array(systemNoteCommitSchema).optional(),
  description_version_id: z.number().nullable().optional(),
  description_diff_path: z.string().nullable().optional(),
  delete_description_version_path: z.string().nullable().optional(),
  can_delete_description_version: z.boolean().optional(),
  description_version_deleted: z.boolean().optional(),
  outdated_line_change_path: z.string().nullable().optional(),
});
export type Note = z.infer<typeof noteSchema>;

export const discussionSchema = z.object({
  id: z.string(),
  reply_id: z.string(),
  project_id: z.number(),
  individual_note: z.boolean(),
  resolvable: z.boolean(),
  resolved: z.boolean(),
  resolved_at: z.string().nullable(),
  resolved_by: noteAuthorSchema.nullable(),
  resolved_by_push: z.boolean(),
  /** PUT/POST resolves, DELETE unresolves; null when not resolvable. */
  resolve_path: z.string().nullable(),
  resolve_with_issue_path: z.string().nullable(),
  discussion_path: z.string(),
  expanded: z.boolean(),
  diff_discussion: z.boolean(),
  for_commit: z.boolean(),
  commit_id: z.string().nullable(),
  /** false when a push moved the lines away (an outdated diff thread). */
  active: z.boolean(),
  internal: z.boolean(),
  position: notePositionSchema.nullable(),
  original_position: notePositionSchema.nullable(),
  line_code: z.string().nullable(),
  diff_file: z.object({ file_hash: z.string(), file_path: z.string() }).nullable(),
  /**
   * Diff threads on a line: the lines of the hunk up to and including the commented one, at most
   * 16, from the position the thread was written on; null for other threads and image points.
   * On the Activity's pages a collapsed (resolved) thread sends `truncated_diff_lines_path`
   * instead, which answers `{ truncated_diff_lines }` when the thread is opened.
   */
  truncated_diff_lines: z
    .array(
      z.object({
        line_code: z.string().nullable(),
        type: z.string().nullable(),
        old_line: z.number().nullable(),
        new_line: z.number().nullable(),
        text: z.string(),
        rich_text: z.string(),
      }),
    )
    .nullable(),
  truncated_diff_lines_path: z.string().nullable(),
  notes: z.array(noteSchema),
});
export type Discussion = z.infer<typeof discussionSchema>;

/** `GET {discussionsPath}`: the body is `Discussion[]`; header `x-next-page-cursor` while more remain. */
export const discussionsQuerySchema = z.object({
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
  notes_filter: z.coerce.number().int().min(0).max(2).optional(),
  persist_filter: booleanParam.optional(),
});

/** `GET {notesPath}` with header `X-Last-Fetched-At` (microseconds, as the previous answer gave it). */
export const notesPollResponseSchema = z.object({
  /** Notes created or edited since `X-Last-Fetched-At` (with a 5-second overlap: upsert them by id). */
  notes: z.array(noteSchema),
  last_fetched_at: z.number(),
  /**
   * The ids of every note the viewer can see now: a note the client holds whose id is missing
   * was deleted (deleted rows leave nothing to list as "changed").
   */
  note_ids: z.array(z.number()).optional(),
});
export type NotesPollResponse = z.infer<typeof notesPollResponseSchema>;

/** `POST create_note_path`: a new comment, a new thread (`type: DiscussionNote`), or a reply. */
export const createNoteBodySchema = z.object({
  note: z.object({
    note: z.string().max(MAX_NOTE_LENGTH),
    noteable_type: z.enum(NOTEABLE_TYPES).optional(),
    noteable_id: z.coerce.number().int().optional(),
    internal: booleanParam.optional(),
    type: z.enum(['DiscussionNote', 'DiffNote']).optional(),
    position: notePositionSchema.optional(),
    line_code: z.string().max(200).optional(),
  }),
  merge_request_diff_head_sha: z.string().max(64).optional(),
  in_reply_to_discussion_id: z.string().max(64).optional(),
  target_type: z.string().max(50).optional(),
  return_discussion: booleanParam.optional(),
  note_project_id: z.coerce.number().int().optional(),
});
export type CreateNoteBody = z.input<typeof createNoteBodySchema>;

export const quickActionsStatusSchema = z.object({
  messages: z.array(z.string()).nullable(),
  command_names: z.array(z.string()),
  error: z.boolean().optional(),
});

export const createNoteResponseSchema = z.object({
  /** Absent when the note held only quick actions. */
  note: noteSchema.optional(),
  discussion: discussionSchema.optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  quick_actions_status: quickActionsStatusSchema.optional(),
  commands_changes: z
    .object({
      emoji_award: z.string().optional(),
      spend_time: z.object({ duration: z.number(), user_id: z.number() }).optional(),
      time_estimate: z.number().optional(),
    })
    .optional(),
});
export type CreateNoteResponse = z.infer<typeof createNoteResponseSchema>;

/** `PUT note path`. */
export const updateNoteBodySchema = z.object({
  target_type: z.string().max(50).optional(),
  target_id: z.coerce.number().int().optional(),
  note: z.object({
    note: z.string().max(MAX_NOTE_LENGTH),
    /** A ticked task list item: the server ticks it in the note it holds (`note` is then not used). */
    update_task: updateTaskSchema.optional(),
  }),
});

/** `POST toggle_award_path`. */
export const toggleAwardBodySchema = z.object({ name: z.string().min(1).max(128) });

export const draftNoteSchema = z.object({
  id: z.number(),
  author_id: z.number(),
  merge_request_id: z.number(),
  discussion_id: z.string().nullable(),
  resolve_discussion: z.boolean(),
  note: z.string(),
  note_html: z.string(),
  internal: z.boolean(),
  position: notePositionSchema.nullable(),
  line_code: z.string().nullable(),
  commit_id: z.string().nullable(),
  isDraft: z.literal(true),
  /** Quick actions the draft holds, shown below its body while not editing. */
  references: z.object({ commands: z.string() }),
  path: z.string(),
  publish_path: z.string(),
});
export type DraftNote = z.infer<typeof draftNoteSchema>;

/** `POST {draftsPath}`. */
export const createDraftNoteBodySchema = z.object({
  draft_note: z.object({
    note: z.string().max(MAX_NOTE_LENGTH),
    position: notePositionSchema.optional(),
    line_code: z.string().max(200).optional(),
    internal: booleanParam.optional(),
    resolve_discussion: booleanParam.optional(),
  }),
  in_reply_to_discussion_id: z.string().max(64).optional(),
});

/** Suggestions: apply one (`id` in the path) or a batch. */
export const applySuggestionsBodySchema = z.object({
  ids: z.array(z.number().int()).min(1).max(100).optional(),
  commit_message: z.string().max(10_000).optional(),
});

export const abuseReportBodySchema = z.object({
  user_id: z.coerce.number().int(),
  abuse_report: z.object({
    reported_from_url: z.string().max(2000).default(''),
    category: z.enum(ABUSE_CATEGORIES),
    message: z.string().max(10_000).optional(),
  }),
});

/** What the page needs to mount the Activity section (spec 001 section 3, "Notes data" and "Noteable data"). */
export const notesDataSchema = z.object({
  discussionsPath: z.string(),
  notesPath: z.string(),
  draftsPath: z.string().nullable(),
  closePath: z.string().nullable(),
  reopenPath: z.string().nullable(),
  markdownDocsPath: z.string(),
  registerPath: z.string(),
  newSessionPath: z.string(),
  prerenderedNotesCount: z.number(),
  projectId: z.number(),
  noteableType: z.enum(NOTEABLE_TYPES),
  noteableId: z.number(),
  lastFetchedAt: z.number(),
  notesFilter: z.number(),
  noteableData: z.object({
    id: z.number(),
    iid: z.number(),
    project_id: z.number(),
    state: z.string(),
    confidential: z.boolean(),
    discussion_locked: z.boolean(),
    noteableType: z.enum(NOTEABLE_TYPES),
    targetType: z.enum(['issue', 'incident', 'merge_request']),
    web_url: z.string(),
    create_note_path: z.string(),
    preview_note_path: z.string(),
    diff_head_sha: z.string().nullable(),
    archived: z.boolean(),
    /** Who is assigned, for "Assign to commenting user" to toggle the note's author. */
    assignees: z.array(z.object({ id: z.number(), username: z.string(), name: z.string() })),
    current_user: z.object({
      can_create_note: z.boolean(),
      can_create_confidential_note: z.boolean(),
      can_update: z.boolean(),
      can_set_issue_metadata: z.boolean(),
      /** Reactions on the issue or merge request itself (its award bar). */
      can_award_emoji: z.boolean(),
    }),
  }),
  currentUserData: z
    .object({ id: z.number(), name: z.string(), username: z.string(), can_add_timeline_events: z.boolean() })
    .nullable(),
});
export type NotesData = z.infer<typeof notesDataSchema>;

// REST v4 (`/api/v4/projects/:id/{merge_requests|issues}/:iid/{notes|discussions|draft_notes}`): GitLab's API entities.

/** GitLab's `API::Entities::Note`; `commit_id` and `position` only on diff notes, `resolved*` only when resolvable. */
export const apiNoteSchema = z.object({
  id: z.number(),
  type: z.enum(['DiscussionNote', 'DiffNote']).nullable(),
  body: z.string(),
  attachment: z.null(),
  author: userBasicSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  system: z.boolean(),
  noteable_id: z.number(),
  noteable_type: z.enum(NOTEABLE_TYPES),
  project_id: z.number(),
  commit_id: z.string().nullable().optional(),
  position: notePositionSchema.nullable().optional(),
  resolvable: z.boolean(),
  resolved: z.boolean().optional(),
  resolved_by: userBasicSchema.nullable().optional(),
  resolved_at: z.string().nullable().optional(),
  confidential: z.boolean(),
  internal: z.boolean(),
  imported: z.boolean(),
  imported_from: z.string(),
  noteable_iid: z.number(),
  commands_changes: z.record(z.string(), z.unknown()),
});
export type ApiNote = z.infer<typeof apiNoteSchema>;

export const apiDiscussionSchema = z.object({
  id: z.string(),
  individual_note: z.boolean(),
  notes: z.array(apiNoteSchema),
});

export const apiDraftNoteSchema = z.object({
  id: z.number(),
  author_id: z.number(),
  merge_request_id: z.number(),
  resolve_discussion: z.boolean(),
  discussion_id: z.string().nullable(),
  note: z.string(),
  commit_id: z.string().nullable(),
  line_code: z.string().nullable(),
  position: notePositionSchema.nullable(),
});

/** `POST .../notes` and `POST .../discussions` (GitLab ignores `created_at` for non-admins; so do we). */
export const apiCreateNoteBodySchema = z.object({
  body: z.string().max(MAX_NOTE_LENGTH),
  internal: booleanParam.optional(),
  confidential: booleanParam.optional(),
  created_at: z.string().max(64).optional(),
  merge_request_diff_head_sha: z.string().max(64).optional(),
  commit_id: z.string().max(64).optional(),
  position: apiNotePositionSchema.optional(),
});

/** `PUT .../notes/:id` and `PUT .../discussions/:id/notes/:note_id` (body, or `resolved` for the latter). */
export const apiUpdateNoteBodySchema = z.object({
  body: z.string().max(MAX_NOTE_LENGTH).optional(),
  resolved: booleanParam.optional(),
});

export const apiDraftNoteBodySchema = z.object({
  note: z.string().max(MAX_NOTE_LENGTH).optional(),
  commit_id: z.string().max(64).optional(),
  in_reply_to_discussion_id: z.string().max(64).optional(),
  resolve_discussion: booleanParam.optional(),
  internal: booleanParam.optional(),
  position: apiNotePositionSchema.optional(),
});
