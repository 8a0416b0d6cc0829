import { MAX_NOTE_LENGTH, type NotePosition } from '../../../shared/api/notes';
import { NOTES_FILTERS } from '../../../shared/notes/discussionFilter';
import type { CurrentUser } from '../../auth/current-user';
import { can, type Actor, type Subject } from '../../auth/permissions';
import type { Clock, Random } from '../../clock';
import type { Db } from '../../db/client';
import { AppError, BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { editedMeanwhileText } from '../../../shared/api/taskLists';
import type { TaskUpdate } from '../../../shared/markdown/taskList';
import type { MarkdownRenderer } from '../../markdown/markdown-renderer';
import { toggleTaskItem } from '../../markdown/task-toggle';
import { createHooks } from '../../hooks';
import type { EventBus } from '../../realtime/bus';
import type { UserPreferencesService } from '../users/user-preferences.service';
import type { PlacedPosition, DiffNotesService } from './diff-notes.service';
import type { Noteable, NoteableLoader, NoteableType } from './noteables';
import {
  countDiscussions,
  countNotes,
  deleteNoteRow,
  findNoteRecord,
  insertNote,
  listDiscussionIds,
  listDiscussionNotes,
  listNoteIds,
  listNotesChangedSince,
  listNotesOfDiscussions,
  listNotesPage,
  listUnresolvedDiscussionIds,
  makeDiscussion,
  setNotesResolved,
  updateNoteRow,
  type NoteRecord,
  type NoteRow,
  type NoteScope,
} from './notes.repo';
import { announceNote, type NoteChange } from './note-events';
import { newDiscussionId } from './system-notes.service';

export type { NoteRecord, NoteRow };

/** A note checked and ready to be written (by `create`, or by publishing drafts). */
export type PreparedNote = {
  actor: CurrentUser;
  noteable: Noteable;
  body: string;
  internal: boolean;
  /** The first note of the thread replied to. */
  first: NoteRow | null;
  placed: PlacedPosition | null;
  type: NoteRow['type'];
};

/** A discussion: its id and its notes (those the reader may see), oldest first. */
export type DiscussionRecord = { id: string; notes: NoteRecord[] };

export type NewNoteInput = {
  body: string;
  internal?: boolean;
  /** `DiscussionNote` starts a thread; a position makes a `DiffNote`; nothing makes an individual comment. */
  type?: 'DiscussionNote' | 'DiffNote' | null;
  position?: NotePosition;
  lineCode?: string;
  inReplyToDiscussionId?: string;
};

/** GitLab keeps this overlap on `X-Last-Fetched-At`, so a note committed just after a poll is not missed. */
export const FETCH_OVERLAP_MS = 5_000;

/** Spec 001 section 9: the first page of discussions holds 20; the skeletons count up to it. */
export const FIRST_PAGE_SIZE = 20;

export const NOTE_BLANK = "Note can't be blank";
export const NOTE_TOO_LONG = `Note is too long (maximum is ${MAX_NOTE_LENGTH} characters)`;

/** Resolvable notes: threads and diff notes on merge requests, never system notes (GitLab's rule). */
export const isResolvableType = (
  noteableType: NoteableType,
  type: NoteRow['type'],
  system: boolean,
): boolean =>
  noteableType === 'MergeRequest' && !system && (type === 'DiscussionNote' || type === 'DiffNote');

export const noteSubject = (
  noteable: Noteable,
  note: Pick<NoteRow, 'authorId' | 'internal'>,
): Extract<Subject, { type: 'note' }> => ({
  ...noteable.facts,
  type: 'note',
  authorId: note.authorId,
  internal: note.internal,
});

/** Groups notes (oldest first) into discussions, in the order of their first notes. */
export function groupDiscussions(records: NoteRecord[]): DiscussionRecord[] {
  const byId = new Map<string, DiscussionRecord>();
  for (const record of records) {
    const id = record.note.discussionId;
    const found = byId.get(id);
    if (found) found.notes.push(record);
    else byId.set(id, { id, notes: [record] });
  }
  return [...byId.values()];
}

/** A noteable the actor may not read (403/404 from its feature) is treated as absent. */
const hidden = (error: unknown): null => {
  if (error instanceof AppError && (error.statusCode === 403 || error.statusCode === 404)) return null;
  throw error;
};

const toMicros = (date: Date): number => date.getTime() * 1000;

type Deps = {
  db: Db;
  clock: Clock;
  random: Random;
  bus: EventBus;
  noteables: NoteableLoader;
  diffNotes: Pick<DiffNotesService, 'place'>;
  markdown: Pick<MarkdownRenderer, 'renderBlock'>;
  userPreferences: Pick<UserPreferencesService, 'notesFilter' | 'rememberNotesFilter'>;
};

/**
 * Comments and threads on issues and merge requests: reading (internal notes only for those who
 * may read them), writing, editing, deleting and resolving, each decided by can().
 */
export function createNotesService({
  db,
  clock,
  random,
  bus,
  noteables,
  diffNotes,
  markdown,
  userPreferences,
}: Deps) {
  const diffNoteWritten = createHooks<[note: NoteRow]>();

  const readsInternal = (actor: Actor, noteable: Noteable) =>
    can(actor, 'read_internal_note', noteable.facts);

  const scopeOf = (
    actor: Actor,
    noteable: Noteable,
    filter = NOTES_FILTERS.allActivity as number,
  ): NoteScope => ({
    noteableType: noteable.noteableType,
    noteableId: noteable.noteableId,
    includeInternal: readsInternal(actor, noteable),
    system: filter === NOTES_FILTERS.allActivity ? undefined : filter !== NOTES_FILTERS.onlyComments,
  });

  const announce = (change: NoteChange, note: NoteRow) => announceNote(bus, change, note);

  const load = (actor: Actor, type: NoteableType, projectRef: number | string, iid: number) =>
    noteables.byIid(actor, type, projectRef, iid);

  /** A note the actor may read, with its noteable; anything else is `404 Note Not Found`. */
  async function findReadableNote(actor: Actor, noteId: number, projectRef?: number | string) {
    const record = await findNoteRecord(db, noteId);
    if (!record) throw new NotFoundError('Note');
    const { note } = record;
    // An unreadable noteable, another project's note or an internal note one may not read: all look absent.
    const noteable = await noteables.byId(actor, note.noteableType, note.noteableId).catch(hidden);
    if (!noteable || !can(actor, 'read_note', noteSubject(noteable, note))) throw new NotFoundError('Note');
    if (projectRef !== undefined && !matchesProject(noteable, projectRef)) throw new NotFoundError('Note');
    return { noteable, record };
  }

  const matchesProject = (noteable: Noteable, ref: number | string) =>
    typeof ref === 'number' || /^\d+$/.test(ref)
      ? noteable.ctx.project.id === Number(ref)
      : noteable.ctx.fullPath.toLowerCase() === decodeURIComponent(ref).toLowerCase();

  /** The filter a page asks for, or the one the reader saved; saved when asked to persist. */
  async function filterFor(actor: Actor, type: NoteableType, asked: number | undefined, persist: boolean) {
    if (asked !== undefined) {
      if (persist && actor) await userPreferences.rememberNotesFilter(actor.id, type, asked);
      return asked;
    }
    return actor ? userPreferences.notesFilter(actor.id, type) : NOTES_FILTERS.allActivity;
  }

  /**
   * `discussions.json`: a page of discussions after the cursor (the first note id of the last
   * discussion sent), and the next cursor while more remain.
   */
  async function discussionsPage(
    actor: Actor,
    noteable: Noteable,
    options: { perPage: number; cursor?: string; notesFilter?: number; persistFilter?: boolean },
  ) {
    const filter = await filterFor(
      actor,
      noteable.noteableType,
      options.notesFilter,
      options.persistFilter ?? false,
    );
    const scope = scopeOf(actor, noteable, filter);
    const afterNoteId = options.cursor ? decodeCursor(options.cursor) : 0;
    const ids = await listDiscussionIds(db, scope, { afterNoteId, limit: options.perPage + 1 });
    const page = ids.slice(0, options.perPage);
    const records = await listNotesOfDiscussions(
      db,
      scope,
      page.map((d) => d.discussionId),
    );
    const last = page[page.length - 1];
    const nextCursor = ids.length > options.perPage && last ? encodeCursor(last.firstNoteId) : null;
    return { discussions: groupDiscussions(records), nextCursor, filter };
  }

  /** REST v4 discussions: page-numbered, oldest first. */
  async function discussionsOffsetPage(
    actor: Actor,
    noteable: Noteable,
    page: { offset: number; limit: number },
  ) {
    const scope = scopeOf(actor, noteable);
    const [ids, total] = await Promise.all([listDiscussionIds(db, scope, page), countDiscussions(db, scope)]);
    const records = await listNotesOfDiscussions(
      db,
      scope,
      ids.map((d) => d.discussionId),
    );
    return { discussions: groupDiscussions(records), total };
  }

  async function discussion(
    actor: Actor,
    noteable: Noteable,
    discussionId: string,
  ): Promise<DiscussionRecord> {
    const records = await listNotesOfDiscussions(db, scopeOf(actor, noteable), [discussionId]);
    if (records.length === 0) throw new NotFoundError('Discussion');
    return { id: discussionId, notes: records };
  }

  /** The threads the actor sees that still wait to be resolved, oldest first. */
  async function unresolvedDiscussions(actor: Actor, noteable: Noteable): Promise<DiscussionRecord[]> {
    const scope = scopeOf(actor, noteable);
    const ids = await listUnresolvedDiscussionIds(db, scope);
    return groupDiscussions(await listNotesOfDiscussions(db, scope, ids));
  }

  /**
   * `GET {notesPath}` with `X-Last-Fetched-At` (microseconds): notes created or edited since then
   * (with GitLab's 5-second overlap), and the ids of every note still there, so the client drops
   * those that were deleted.
   */
  async function poll(actor: Actor, noteable: Noteable, lastFetchedAtMicros: number) {
    const now = clock.now();
    const since = new Date(Math.floor(lastFetchedAtMicros / 1000) - FETCH_OVERLAP_MS);
    const scope = scopeOf(actor, noteable);
    const [records, noteIds] = await Promise.all([
      listNotesChangedSince(db, scope, since),
      listNoteIds(db, scope),
    ]);
    return { records, noteIds, lastFetchedAt: toMicros(now) };
  }

  async function notesPage(
    actor: Actor,
    noteable: Noteable,
    order: { orderBy: 'created_at' | 'updated_at'; sort: 'asc' | 'desc' },
    page: { offset: number; limit: number },
  ) {
    const scope = scopeOf(actor, noteable);
    const [records, total] = await Promise.all([
      listNotesPage(db, scope, order, page),
      countNotes(db, scope),
    ]);
    return { records, total };
  }

  /** Whether a reply may go into this discussion, and what it inherits (internal, thread type). */
  async function replyTarget(actor: Actor, noteable: Noteable, discussionId: string) {
    const thread = await listDiscussionNotes(db, noteable, discussionId);
    const first = thread[0];
    if (!first || !can(actor, 'read_note', noteSubject(noteable, first)))
      throw new NotFoundError('Discussion');
    if (first.system) throw new BadRequestError('System notes cannot be replied to.');
    return first;
  }

  function checkBody(body: string, allowBlank: boolean): void {
    if (body.length > MAX_NOTE_LENGTH) throw new BadRequestError(NOTE_TOO_LONG);
    if (!allowBlank && body.trim() === '') throw new BadRequestError(NOTE_BLANK);
  }

  /**
   * Checks a new comment, thread, diff note or reply before anything is written: the body, who
   * may comment (internal notes need more), the thread replied to, the diff position.
   */
  async function prepare(actor: CurrentUser, noteable: Noteable, input: NewNoteInput): Promise<PreparedNote> {
    checkBody(input.body, false);
    if (!can(actor, 'create_note', noteable.facts)) throw new ForbiddenError();
    const first = input.inReplyToDiscussionId
      ? await replyTarget(actor, noteable, input.inReplyToDiscussionId)
      : null;
    // Replies to internal threads are internal, whatever the reply asked.
    const internal = first ? first.internal : input.internal === true;
    if (internal && !can(actor, 'create_internal_note', noteable.facts)) throw new ForbiddenError();
    const placed: PlacedPosition | null =
      !first && input.position
        ? await diffNotes.place(actor, noteable, input.position, input.lineCode)
        : null;
    const type = first ? (first.type ?? 'DiscussionNote') : placed ? 'DiffNote' : (input.type ?? null);
    return { actor, noteable, body: input.body, internal, first, placed, type };
  }

  /** Writes a prepared note in the caller's transaction; a reply to an individual note makes it a thread. */
  async function write(
    tx: Db,
    prepared: PreparedNote,
    now: Date,
  ): Promise<{ note: NoteRow; converted: boolean }> {
    const { noteable, first, placed, type } = prepared;
    const resolvable = isResolvableType(noteable.noteableType, type, false);
    const converted = first !== null && first.type === null;
    if (first && converted) await makeDiscussion(tx, first.discussionId, resolvable, now);
    const note = await insertNote(tx, {
      projectId: noteable.ctx.project.id,
      noteableType: noteable.noteableType,
      noteableId: noteable.noteableId,
      discussionId: first ? first.discussionId : newDiscussionId(random),
      type,
      note: prepared.body,
      authorId: prepared.actor.id,
      internal: prepared.internal,
      resolvable,
      position: placed?.position ?? first?.position ?? null,
      originalPosition: placed?.position ?? first?.originalPosition ?? null,
      lineCode: placed?.lineCode ?? first?.lineCode ?? null,
      commitId: placed?.commitId ?? first?.commitId ?? null,
      createdAt: now,
      updatedAt: now,
    });
    return { note, converted };
  }

  /** Announces written notes once their transaction committed (and the thread a reply converted). */
  async function announceWritten(written: Array<{ note: NoteRow; converted: boolean }>): Promise<void> {
    for (const { note, converted } of written) {
      if (note.type === 'DiffNote') await diffNoteWritten.run(note);
      await announce('created', note);
      if (converted) await announce('updated', note);
    }
  }

  /** Writes a comment, a new thread, a diff note or a reply. */
  async function create(actor: CurrentUser, noteable: Noteable, input: NewNoteInput) {
    const prepared = await prepare(actor, noteable, input);
    const written = await db.transaction((tx) => write(tx, prepared, clock.now()));
    await announceWritten([written]);
    return { noteable, note: written.note };
  }

  /** Edits a note's text: its author only (`update_note`). */
  /** A note its author may edit: found, readable, not a system note. */
  async function findEditableNote(actor: CurrentUser, noteId: number, projectRef?: number | string) {
    const found = await findReadableNote(actor, noteId, projectRef);
    if (
      found.record.note.system ||
      !can(actor, 'update_note', noteSubject(found.noteable, found.record.note))
    )
      throw new ForbiddenError();
    return found;
  }

  /** Writes an edit (over `expectedText` only, when given) and announces it; false when the text had changed. */
  async function writeEdit(actor: CurrentUser, noteId: number, body: string, expectedText?: string) {
    const now = clock.now();
    const row = await updateNoteRow(
      db,
      noteId,
      { note: body, lastEditedAt: now, lastEditedById: actor.id, updatedAt: now },
      expectedText,
    );
    if (!row) return false;
    if (row.type === 'DiffNote') await diffNoteWritten.run(row);
    await announce('updated', row);
    return true;
  }

  async function update(actor: CurrentUser, noteId: number, body: string, projectRef?: number | string) {
    const { noteable } = await findEditableNote(actor, noteId, projectRef);
    checkBody(body, false);
    if (!(await writeEdit(actor, noteId, body))) throw new NotFoundError('Note');
    return { noteable, noteId };
  }

  /**
   * GitLab's `update_task` on a note: ticks one task list item of the note as stored now, written
   * only over that text; a line that no longer reads as the browser saw it is a conflict.
   */
  async function updateTask(
    actor: CurrentUser,
    noteId: number,
    update: TaskUpdate,
    projectRef?: number | string,
  ) {
    const { noteable, record } = await findEditableNote(actor, noteId, projectRef);
    const current = record.note.note;
    const toggled = await toggleTaskItem(markdown, current, update);
    if (!toggled) throw new ConflictError(editedMeanwhileText('comment'));
    if (toggled.text !== current && !(await writeEdit(actor, noteId, toggled.text, current)))
      throw new ConflictError(editedMeanwhileText('comment'));
    return { noteable, noteId };
  }

  /** Deletes a note: its author, or a maintainer (`admin_note`). */
  async function remove(actor: CurrentUser, noteId: number, projectRef?: number | string) {
    const { noteable, record } = await findReadableNote(actor, noteId, projectRef);
    if (record.note.system || !can(actor, 'admin_note', noteSubject(noteable, record.note)))
      throw new ForbiddenError();
    await deleteNoteRow(db, noteId);
    await announce('deleted', record.note);
    return { noteable, note: record.note };
  }

  /** Resolves or reopens every resolvable note of a thread (`resolve_note`); resolving twice changes nothing. */
  async function resolveDiscussion(
    actor: CurrentUser,
    noteable: Noteable,
    discussionId: string,
    resolved: boolean,
  ) {
    const thread = await discussion(actor, noteable, discussionId);
    const resolvable = thread.notes.filter((r) => r.note.resolvable);
    if (resolvable.length === 0) throw new NotFoundError('Discussion');
    if (!can(actor, 'resolve_note', noteable.facts)) throw new ForbiddenError();
    const changed = await setNotesResolved(
      db,
      resolvable.map((r) => r.note.id),
      { by: resolved ? actor.id : null, at: clock.now(), byPush: false },
    );
    for (const note of changed) await announce('updated', note);
    return discussion(actor, noteable, discussionId);
  }

  /** `{project}/-/notes/{id}/resolve`: resolves the thread the note starts or belongs to. */
  async function resolveNote(
    actor: CurrentUser,
    noteId: number,
    resolved: boolean,
    projectRef?: number | string,
  ) {
    const { noteable, record } = await findReadableNote(actor, noteId, projectRef);
    if (!record.note.resolvable) throw new NotFoundError('Note');
    return {
      noteable,
      discussion: await resolveDiscussion(actor, noteable, record.note.discussionId, resolved),
    };
  }

  /** What the page needs to mount the Activity section: the reader's filter, the skeleton count, the poll start. */
  async function notesDataFacts(actor: Actor, noteable: Noteable) {
    const notesFilter = await filterFor(actor, noteable.noteableType, undefined, false);
    const count = await countDiscussions(db, scopeOf(actor, noteable, notesFilter));
    return {
      notesFilter,
      prerenderedNotesCount: Math.min(count, FIRST_PAGE_SIZE),
      lastFetchedAt: toMicros(clock.now()),
    };
  }

  async function noteRecord(noteId: number): Promise<NoteRecord> {
    const record = await findNoteRecord(db, noteId);
    if (!record) throw new NotFoundError('Note');
    return record;
  }

  return {
    /** Adds a step run once a diff note's text is written or edited (suggestions are read from it). */
    onDiffNoteWritten: diffNoteWritten.add,
    load,
    findReadableNote,
    noteRecord,
    notesDataFacts,
    discussionsPage,
    discussionsOffsetPage,
    discussion,
    unresolvedDiscussions,
    poll,
    notesPage,
    replyTarget,
    prepare,
    write,
    announceWritten,
    create,
    update,
    updateTask,
    remove,
    resolveDiscussion,
    resolveNote,
    readsInternal,
    announce,
  };
}

export type NotesService = ReturnType<typeof createNotesService>;

/** Cursors are opaque to clients: the first note id of the last discussion sent, in base64url. */
function encodeCursor(firstNoteId: number): string {
  return Buffer.from(JSON.stringify({ after: firstNoteId })).toString('base64url');
}

function decodeCursor(cursor: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown };
    if (typeof parsed.after === 'number' && Number.isSafeInteger(parsed.after) && parsed.after >= 0)
      return parsed.after;
  } catch {
    // fall through to the refusal
  }
  throw new BadRequestError('cursor is invalid');
}
