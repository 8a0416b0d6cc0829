import type { Clock, Random } from '../../clock';
import type { Db } from '../../db/client';
import type { EventBus } from '../../realtime/bus';
import { insertDescriptionVersion, insertNote, listDescriptionVersions, type NoteRow } from './notes.repo';
import { announceNote } from './note-events';
import { DESCRIPTION_CHANGED_TEXT, type SystemNoteAction } from './system-note-texts';

export type NoteableRef = {
  projectId: number;
  noteableType: 'Issue' | 'MergeRequest';
  noteableId: number;
};

export type SystemNoteInput = NoteableRef & {
  /** Who did it; null when nobody in particular (a push by an unknown committer). */
  authorId: number | null;
  /** GitLab's `system_note_metadata.action`; the icon is derived from it. */
  action: SystemNoteAction;
  body: string;
  /** Details the page shows beside the text: `commits` of a push, `description_version_id` ... */
  metadata?: Record<string, unknown>;
  /** A note about a thread goes into it (internal when the thread is); others are threads of their own. */
  thread?: { discussionId: string; internal: boolean };
};

/** 40 hex characters, as GitLab's discussion ids. */
export const newDiscussionId = (random: Random): string => random.token(20);

type Deps = { db: Db; clock: Clock; random: Random; bus: EventBus };

/**
 * Writes the notes the server makes when things happen (pushes, title and description changes,
 * state changes, locking). Each is a discussion of its own, unless it is about a thread. Callers inside a transaction pass it
 * and call `announce` once it committed, so listeners never look for a note that is not there yet.
 */
export function createSystemNotesService({ db, clock, random, bus }: Deps) {
  const announce = (note: NoteRow) => announceNote(bus, 'created', note);

  async function write(input: SystemNoteInput, tx: Db): Promise<NoteRow> {
    const now = clock.now();
    return insertNote(tx, {
      projectId: input.projectId,
      noteableType: input.noteableType,
      noteableId: input.noteableId,
      discussionId: input.thread?.discussionId ?? newDiscussionId(random),
      internal: input.thread?.internal ?? false,
      system: true,
      systemNoteMetadata: { ...input.metadata, action: input.action },
      note: input.body,
      authorId: input.authorId,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** Records a system note. Without `tx` it is written and announced at once. */
  async function record(input: SystemNoteInput, tx?: Db): Promise<NoteRow> {
    if (tx) return write(input, tx);
    const note = await write(input, db);
    await announce(note);
    return note;
  }

  /**
   * "changed the description", with the new text kept as a description version (and the first
   * text too, the first time), so the note can compare it with the previous version.
   */
  async function recordDescriptionChange(
    input: NoteableRef & { authorId: number | null; from: string; to: string },
    tx?: Db,
  ): Promise<NoteRow> {
    const run = async (inner: Db) => {
      const now = clock.now();
      const ref = { noteableType: input.noteableType, noteableId: input.noteableId };
      const existing = await listDescriptionVersions(inner, input.noteableType, input.noteableId);
      if (existing.length === 0 && input.from !== '')
        await insertDescriptionVersion(inner, { ...ref, description: input.from, createdAt: now });
      const version = await insertDescriptionVersion(inner, {
        ...ref,
        description: input.to,
        createdAt: now,
      });
      return write(
        {
          ...input,
          action: 'description',
          body: DESCRIPTION_CHANGED_TEXT,
          metadata: { description_version_id: version.id },
        },
        inner,
      );
    };
    if (tx) return run(tx);
    const note = await db.transaction(run);
    await announce(note);
    return note;
  }

  return { record, recordDescriptionChange, announce };
}

export type SystemNotesService = ReturnType<typeof createSystemNotesService>;
