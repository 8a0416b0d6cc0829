import { MAX_NOTE_LENGTH, type NotePosition } from '../../../shared/api/notes';
import { parseQuickActions, type QuickCommand } from '../../../shared/quick-actions/quickActions';
import type { CurrentUser } from '../../auth/current-user';
import { can } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors';
import type { DiffNotesService } from './diff-notes.service';
import type { NoteCommands, OnHookError } from './note-commands';
import type { Noteable } from './noteables';
import {
  deleteDraftNotes,
  findDraftNote,
  insertDraftNote,
  listDiscussionNotes,
  listDraftNotes,
  setNotesResolved,
  updateDraftNoteRow,
  type DraftNoteRow,
  type NoteRow,
} from './notes.repo';
import { NOTE_BLANK, NOTE_TOO_LONG, type NotesService, type PreparedNote } from './notes.service';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import { createHooks } from '../../hooks';

export type DraftInput = {
  note: string;
  position?: NotePosition;
  lineCode?: string;
  internal?: boolean;
  resolveDiscussion?: boolean;
  inReplyToDiscussionId?: string;
};

type Deps = {
  db: Db;
  clock: Clock;
  notes: Pick<NotesService, 'prepare' | 'write' | 'announceWritten' | 'announce' | 'replyTarget'>;
  diffNotes: Pick<DiffNotesService, 'place'>;
  noteCommands: Pick<NoteCommands, 'run'>;
  rateLimits: Pick<RateLimits, 'check'>;
};

/**
 * Pending review comments on merge requests: only their author sees them until the review is
 * submitted; publishing turns drafts into notes, all of a review in one transaction.
 */
export function createDraftNotesService({ db, clock, notes, diffNotes, noteCommands, rateLimits }: Deps) {
  /** A pending comment was written on a merge request (its author's review has begun). */
  const draftWritten = createHooks<[actor: CurrentUser, mergeRequestId: number]>();
  /** The author submitted their review (every pending comment published). */
  const reviewSubmitted = createHooks<[actor: CurrentUser, mergeRequestId: number]>();

  function assertMayReview(actor: CurrentUser, noteable: Noteable): void {
    if (noteable.noteableType !== 'MergeRequest') throw new NotFoundError();
    if (!can(actor, 'create_note', noteable.facts)) throw new ForbiddenError();
  }

  /** A draft that only resolves a thread may be empty; any other needs text. */
  function checkText(input: Pick<DraftInput, 'note' | 'resolveDiscussion' | 'inReplyToDiscussionId'>) {
    if (input.note.length > MAX_NOTE_LENGTH) throw new BadRequestError(NOTE_TOO_LONG);
    const resolvesOnly = input.resolveDiscussion === true && input.inReplyToDiscussionId !== undefined;
    if (input.note.trim() === '' && !resolvesOnly) throw new BadRequestError(NOTE_BLANK);
  }

  async function find(actor: CurrentUser, noteable: Noteable, id: number): Promise<DraftNoteRow> {
    assertMayReview(actor, noteable);
    const draft = await findDraftNote(db, noteable.noteableId, actor.id, id);
    if (!draft) throw new NotFoundError('Draft Note');
    return draft;
  }

  async function list(actor: CurrentUser, noteable: Noteable): Promise<DraftNoteRow[]> {
    assertMayReview(actor, noteable);
    return listDraftNotes(db, noteable.noteableId, actor.id);
  }

  /** A draft reply must go to an existing thread the author can read; a position must be on the diff. */
  async function create(actor: CurrentUser, noteable: Noteable, input: DraftInput): Promise<DraftNoteRow> {
    assertMayReview(actor, noteable);
    // A draft counts as the note it becomes: publishing the review does not count its notes again.
    await rateLimits.check('notes_create', actor);
    checkText(input);
    if (input.internal && !can(actor, 'create_internal_note', noteable.facts)) throw new ForbiddenError();
    const thread = input.inReplyToDiscussionId
      ? await notes.replyTarget(actor, noteable, input.inReplyToDiscussionId)
      : null;
    const placed =
      !thread && input.position
        ? await diffNotes.place(actor, noteable, input.position, input.lineCode)
        : null;
    const now = clock.now();
    const draft = await insertDraftNote(db, {
      mergeRequestId: noteable.noteableId,
      authorId: actor.id,
      note: input.note,
      discussionId: input.inReplyToDiscussionId ?? null,
      resolveDiscussion: input.resolveDiscussion === true,
      internal: thread ? thread.internal : input.internal === true,
      position: placed?.position ?? null,
      lineCode: placed?.lineCode ?? null,
      commitId: placed?.commitId ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await draftWritten.run(actor, noteable.noteableId);
    return draft;
  }

  async function update(
    actor: CurrentUser,
    noteable: Noteable,
    id: number,
    input: { note?: string; resolveDiscussion?: boolean },
  ): Promise<DraftNoteRow> {
    const draft = await find(actor, noteable, id);
    const next = {
      note: input.note ?? draft.note,
      resolveDiscussion: input.resolveDiscussion ?? draft.resolveDiscussion,
      inReplyToDiscussionId: draft.discussionId ?? undefined,
    };
    checkText(next);
    const row = await updateDraftNoteRow(db, id, {
      note: next.note,
      resolveDiscussion: next.resolveDiscussion,
      updatedAt: clock.now(),
    });
    if (!row) throw new NotFoundError('Draft Note');
    return row;
  }

  async function remove(actor: CurrentUser, noteable: Noteable, id: number): Promise<void> {
    const draft = await find(actor, noteable, id);
    await deleteDraftNotes(db, [draft.id]);
  }

  /** `DELETE draft_notes/discard`: drops the whole pending review. */
  async function discard(actor: CurrentUser, noteable: Noteable): Promise<void> {
    const drafts = await list(actor, noteable);
    await deleteDraftNotes(
      db,
      drafts.map((d) => d.id),
    );
  }

  /**
   * Checks a draft as the note it becomes, its quick actions taken out (they run once the review
   * is published, as GitLab's do); an empty "resolve only" reply or a draft of commands only
   * writes no note.
   */
  async function prepareDraft(actor: CurrentUser, noteable: Noteable, draft: DraftNoteRow) {
    const { body, commands } = parseQuickActions(draft.note, noteable.noteableType);
    if (body.trim() === '') return { draft, prepared: null, commands };
    const prepared = await notes.prepare(actor, noteable, {
      body,
      internal: draft.internal,
      position: (draft.position as NotePosition | null) ?? undefined,
      lineCode: draft.lineCode ?? undefined,
      inReplyToDiscussionId: draft.discussionId ?? undefined,
      type: draft.discussionId || draft.position ? undefined : 'DiscussionNote',
    });
    return { draft, prepared, commands };
  }

  /**
   * Publishes drafts as notes in one transaction (a review lands whole or not at all): each
   * becomes its note, the threads replied to are left resolved or open as their drafts say (by
   * those who may resolve them), and the drafts go. Then the drafts' quick actions run, in order,
   * with the publisher's rights, each through its own service, as a note's do.
   */
  async function publishDrafts(
    actor: CurrentUser,
    noteable: Noteable,
    drafts: DraftNoteRow[],
    onHookError: OnHookError,
  ) {
    const checked: Array<{ draft: DraftNoteRow; prepared: PreparedNote | null; commands: QuickCommand[] }> =
      [];
    for (const draft of drafts) checked.push(await prepareDraft(actor, noteable, draft));
    const mayResolve = can(actor, 'resolve_note', noteable.facts);
    const result = await db.transaction(async (tx) => {
      const now = clock.now();
      const written: Array<{ note: NoteRow; converted: boolean }> = [];
      const resolved: NoteRow[] = [];
      for (const { draft, prepared } of checked) {
        const note = prepared ? await notes.write(tx, prepared, now) : null;
        if (note) written.push(note);
        // GitLab's `set_discussion_resolve_status`: a reply's flag is the state its thread is left
        // in (resolved, or open again); a new thread is resolved only when asked.
        const discussionId = draft.discussionId ?? (draft.resolveDiscussion ? note?.note.discussionId : null);
        if (mayResolve && discussionId) {
          const thread = await listDiscussionNotes(tx, noteable, discussionId);
          resolved.push(
            ...(await setNotesResolved(
              tx,
              thread.map((n) => n.id),
              { by: draft.resolveDiscussion ? actor.id : null, at: now, byPush: false },
            )),
          );
        }
      }
      const removed = await deleteDraftNotes(
        tx,
        drafts.map((d) => d.id),
      );
      // A draft published twice at once: the second transaction finds it gone and writes nothing.
      if (removed.length !== drafts.length) throw new NotFoundError('Draft Note');
      return { written, resolved };
    });
    await notes.announceWritten(result.written);
    for (const note of result.resolved) await notes.announce('updated', note);
    for (const { commands } of checked)
      if (commands.length > 0) await noteCommands.run(actor, noteable, commands, onHookError);
    return result.written.map((w) => w.note);
  }

  async function publish(actor: CurrentUser, noteable: Noteable, id: number, onHookError: OnHookError) {
    return publishDrafts(actor, noteable, [await find(actor, noteable, id)], onHookError);
  }

  /** Submits the review: every draft of the author on this merge request. */
  async function bulkPublish(actor: CurrentUser, noteable: Noteable, onHookError: OnHookError) {
    const written = await publishDrafts(actor, noteable, await list(actor, noteable), onHookError);
    // The notes are in: a failing listener is logged, not the submitter's error.
    await reviewSubmitted.run(actor, noteable.noteableId).catch(onHookError);
    return written;
  }

  return {
    list,
    find,
    create,
    update,
    remove,
    discard,
    publish,
    bulkPublish,
    draftWritten: { add: draftWritten.add },
    reviewSubmitted: { add: reviewSubmitted.add },
  };
}

export type DraftNotesService = ReturnType<typeof createDraftNotesService>;
