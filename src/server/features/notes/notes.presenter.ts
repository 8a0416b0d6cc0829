import type { Discussion, Note, NoteAuthor, NotePosition, Suggestion } from '../../../shared/api/notes';
import { accessLevelName } from '../../../shared/access/accessLevels';
import { fileHash } from '../../../shared/diff/lineCode';
import { can, type Actor } from '../../auth/permissions';
import type { Config } from '../../config';
import type { AwardWithUser } from '../award-emoji/award-emoji.service';
import type { MarkdownWriter } from '../references/references.service';
import { presentUserBasic } from '../users/user.presenter';
import type { Noteable } from './noteables';
import type { AuthorFacts, DescriptionVersionRow, NoteRecord, NoteRow, Person } from './notes.repo';
import { changePositionOf, excerptKey, type ExcerptLine } from './diff-notes.service';
import { excerptPosition } from './note-presentation';
import { noteSubject, type DiscussionRecord } from './notes.service';
import { systemNoteIconName, type PushedCommit } from './system-note-texts';

/** What presenting a page of notes needs beyond the rows: who looks, and facts loaded in batches. */
export type NotePresentation = {
  actor: Actor;
  noteable: Noteable;
  config: Pick<Config, 'externalUrl'>;
  awards: Map<number, AwardWithUser[]>;
  /** Authors' access levels in the project (0 for non-members) and merged contributions. */
  authors: Map<number, AuthorFacts>;
  descriptionVersions: Map<number, DescriptionVersionRow>;
  /** The suggestions of diff notes, by note id. */
  suggestions: Map<number, Suggestion[]>;
  /** Diff threads' excerpts (`truncated_diff_lines`), by `excerptKey` of the position written on. */
  excerpts: Map<string, ExcerptLine[]>;
  /** Writes `note_html` for this reader: references linked where they may read what they name. */
  markdown: MarkdownWriter;
};

export const presentNoteAuthor = (user: Person, config: Pick<Config, 'externalUrl'>): NoteAuthor => ({
  id: user.id,
  username: user.username,
  name: user.name,
  state: user.state,
  avatar_url: null,
  path: `/${user.username}`,
  web_url: `${config.externalUrl}/${user.username}`,
  user_type: 'human',
  bot: false,
});

type SystemMetadata = { action?: string; commits?: PushedCommit[]; description_version_id?: number };

const metadataOf = (note: NoteRow): SystemMetadata => note.systemNoteMetadata ?? {};

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/** Diff notes are active while their position is on the merge request's latest diff. */
export function isActive(note: NoteRow, noteable: Noteable): boolean {
  const position = note.position as NotePosition | null;
  if (note.type !== 'DiffNote' || !position || !noteable.diffRefs) return true;
  return position.head_sha === noteable.diffRefs.headSha && position.base_sha === noteable.diffRefs.baseSha;
}

function descriptionFields(note: NoteRow, p: NotePresentation) {
  const versionId = metadataOf(note).description_version_id;
  if (versionId === undefined) return {};
  const version = p.descriptionVersions.get(versionId);
  const deleted = !version || version.deletedAt !== null;
  const base = `${p.noteable.path}/descriptions/${versionId}`;
  const mayDelete = !deleted && p.noteable.canUpdate;
  return {
    description_version_id: versionId,
    description_diff_path: deleted ? null : `${base}/diff`,
    delete_description_version_path: mayDelete ? base : null,
    can_delete_description_version: mayDelete,
    description_version_deleted: deleted,
  };
}

/** GitLab's NoteEntity, as the Activity section reads it. */
export function presentNote(
  { note, author, lastEditedBy, resolvedBy }: NoteRecord,
  p: NotePresentation,
): Note {
  const { noteable, config, actor } = p;
  const subject = noteSubject(noteable, note);
  const notePath = `/${noteable.ctx.fullPath}/-/notes/${note.id}`;
  const facts = note.authorId === null ? undefined : p.authors.get(note.authorId);
  const level = facts?.accessLevel ?? 0;
  const position = note.position as NotePosition | null;
  const metadata = metadataOf(note);
  const canResolve = note.resolvable && can(actor, 'resolve_note', subject);
  return {
    id: note.id,
    discussion_id: note.discussionId,
    type: note.type,
    system: note.system,
    system_note_icon_name: note.system ? systemNoteIconName(metadata.action ?? '') : null,
    note: note.note,
    note_html: p.markdown.html(note.note),
    author: author && presentNoteAuthor(author, config),
    created_at: note.createdAt.toISOString(),
    updated_at: note.updatedAt.toISOString(),
    last_edited_at: iso(note.lastEditedAt),
    last_edited_by: lastEditedBy && presentNoteAuthor(lastEditedBy, config),
    internal: note.internal,
    confidential: note.internal,
    resolvable: note.resolvable,
    resolved: note.resolvedAt !== null,
    resolved_by: resolvedBy && presentNoteAuthor(resolvedBy, config),
    resolved_at: iso(note.resolvedAt),
    resolved_by_push: note.resolvedByPush,
    noteable_id: note.noteableId,
    noteable_type: note.noteableType,
    noteable_note_url: `${config.externalUrl}${noteable.path}#note_${note.id}`,
    path: notePath,
    toggle_award_path: `${notePath}/toggle_award_emoji`,
    report_abuse_path:
      actor && author && author.id !== actor.id && !note.system ? '/-/abuse_reports/add_category' : null,
    award_emoji: (p.awards.get(note.id) ?? []).map(({ award, user }) => ({
      id: award.id,
      name: award.name,
      user: { id: user.id, name: user.name, username: user.username },
    })),
    // GitLab's legacy `notes.attachment` upload (before uploads went into the text): no note here
    // has one, so always null; uploads are markdown links in `note` (spec 001 "attachment detection").
    attachment: null,
    suggestions: p.suggestions.get(note.id) ?? [],
    // Nothing imports notes here and there is no Service Desk (docs/decisions.md).
    imported: false,
    external_author: null,
    human_access: level > 0 ? accessLevelName(level) : null,
    // GitLab's `ProjectTeam#contributor?`: not a member, with a merge request merged into the default branch.
    is_contributor: level === 0 && (facts?.mergedContribution ?? false),
    is_noteable_author: note.authorId !== null && note.authorId === noteable.authorId,
    current_user: {
      can_edit: !note.system && can(actor, 'update_note', subject),
      can_award_emoji: can(actor, 'award_emoji', subject),
      can_resolve: canResolve,
      can_resolve_discussion: canResolve,
    },
    position,
    line_code: note.lineCode,
    commit_id: note.commitId,
    ...(metadata.commits ? { commits: metadata.commits } : {}),
    ...descriptionFields(note, p),
    // Only an `outdated` note of a text line has the change to show (GitLab's NoteEntity).
    outdated_line_change_path: changePositionOf(note) ? `${notePath}/outdated_line_change` : null,
  };
}

/** A diff thread's lines above its note; null for other threads and for image points. */
function excerptOf(first: NoteRow, p: NotePresentation): ExcerptLine[] | null {
  const position = excerptPosition(first);
  if (!position || position.position_type !== 'text') return null;
  return p.excerpts.get(excerptKey(position)) ?? [];
}

/** "Create issue to resolve thread" is offered to those who may open issues in the project. */
const mayCreateIssue = ({ actor, noteable: { facts } }: NotePresentation): boolean =>
  can(actor, 'create_issue', {
    type: 'issue',
    authorId: null,
    assigneeIds: [],
    confidential: false,
    visibility: facts.visibility,
    archived: facts.archived,
    accessLevel: facts.accessLevel,
  });

/**
 * GitLab's DiscussionEntity: the thread's state comes from its resolvable notes. With
 * `renderTruncatedDiffLines` false (the Activity's pages), a collapsed thread sends the address of
 * its diff lines instead of the lines, which the page loads when the thread is opened.
 */
export function presentDiscussion(
  discussion: DiscussionRecord,
  p: NotePresentation,
  { renderTruncatedDiffLines = true }: { renderTruncatedDiffLines?: boolean } = {},
): Discussion {
  const { noteable } = p;
  const notes = discussion.notes.map((record) => presentNote(record, p));
  const first = discussion.notes[0]?.note;
  if (!first) throw new Error(`discussion ${discussion.id} has no notes`);
  const resolvable = discussion.notes.filter((r) => r.note.resolvable);
  const resolved = resolvable.length > 0 && resolvable.every((r) => r.note.resolvedAt !== null);
  const lastResolved = resolved
    ? [...resolvable]
        .sort((a, b) => (a.note.resolvedAt?.getTime() ?? 0) - (b.note.resolvedAt?.getTime() ?? 0))
        .at(-1)
    : undefined;
  const position = first.position as NotePosition | null;
  const isDiff = first.type === 'DiffNote';
  const base = `${noteable.path}/discussions/${discussion.id}`;
  return {
    id: discussion.id,
    reply_id: discussion.id,
    project_id: noteable.ctx.project.id,
    individual_note: first.type === null,
    resolvable: resolvable.length > 0,
    resolved,
    resolved_at: iso(lastResolved?.note.resolvedAt ?? null),
    resolved_by: lastResolved?.resolvedBy ? presentNoteAuthor(lastResolved.resolvedBy, p.config) : null,
    resolved_by_push: resolved && resolvable.some((r) => r.note.resolvedByPush),
    resolve_path: resolvable.length > 0 ? `${base}/resolve` : null,
    resolve_with_issue_path:
      resolvable.length > 0 && noteable.noteableType === 'MergeRequest' && mayCreateIssue(p)
        ? `/${noteable.ctx.fullPath}/-/issues/new?discussion_to_resolve=${discussion.id}&merge_request_to_resolve_discussions_of=${noteable.iid}`
        : null,
    discussion_path: `${noteable.path}#note_${first.id}`,
    expanded: !resolved,
    diff_discussion: isDiff,
    for_commit: first.commitId !== null,
    commit_id: first.commitId,
    active: isActive(first, noteable),
    internal: first.internal,
    position,
    original_position: (first.originalPosition as NotePosition | null) ?? null,
    line_code: first.lineCode,
    diff_file:
      isDiff && position ? { file_hash: fileHash(position.new_path), file_path: position.new_path } : null,
    truncated_diff_lines: !resolved || renderTruncatedDiffLines ? excerptOf(first, p) : null,
    truncated_diff_lines_path: resolved && !renderTruncatedDiffLines ? base : null,
    notes,
  };
}

// REST v4: GitLab's API::Entities::Note and Discussion.

export function presentApiNote(
  { note, author, resolvedBy }: NoteRecord,
  p: Pick<NotePresentation, 'noteable' | 'config'>,
) {
  const isDiff = note.type === 'DiffNote';
  return {
    id: note.id,
    type: note.type,
    body: note.note,
    attachment: null,
    author: author ? presentUserBasic(author, p.config) : null,
    created_at: note.createdAt.toISOString(),
    updated_at: note.updatedAt.toISOString(),
    system: note.system,
    noteable_id: note.noteableId,
    noteable_type: note.noteableType,
    project_id: note.projectId,
    ...(isDiff && note.noteableType === 'MergeRequest' ? { commit_id: note.commitId } : {}),
    ...(isDiff ? { position: note.position as NotePosition | null } : {}),
    resolvable: note.resolvable,
    ...(note.resolvable
      ? {
          resolved: note.resolvedAt !== null,
          resolved_by: resolvedBy ? presentUserBasic(resolvedBy, p.config) : null,
          resolved_at: iso(note.resolvedAt),
        }
      : {}),
    confidential: note.internal,
    internal: note.internal,
    imported: false,
    imported_from: 'none',
    noteable_iid: p.noteable.iid,
    commands_changes: {},
  };
}

export function presentApiDiscussion(
  discussion: DiscussionRecord,
  p: Pick<NotePresentation, 'noteable' | 'config'>,
) {
  const first = discussion.notes[0]?.note;
  return {
    id: discussion.id,
    individual_note: first?.type === null,
    notes: discussion.notes.map((record) => presentApiNote(record, p)),
  };
}
