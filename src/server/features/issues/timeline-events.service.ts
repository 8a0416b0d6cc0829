import type { Actor } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../errors';
import type { SystemNotesService } from '../notes/system-notes.service';
import { insertTimelineEvent, listTimelineEvents, type TimelineEventRecord } from './issues.repo';
import type { IssuesService } from './issues.service';

/** GitLab's limit on a timeline event's text. */
export const MAX_TIMELINE_NOTE_LENGTH = 10_000;

/** GitLab's answers when a note cannot become a timeline event (the client puts them in its own sentence). */
export const TIMELINE_ERRORS = {
  notIncident: 'Note does not belong to an incident',
  forbidden:
    "The resource that you are attempting to access does not exist or you don't have permission to perform this action",
  systemNote: 'System notes cannot be promoted to timeline events',
  tooLong: `Timeline text is too long (maximum is ${MAX_TIMELINE_NOTE_LENGTH} characters)`,
  empty: "Timeline text can't be blank",
} as const;

/** GitLab's system note when an incident's timeline grows. */
export const TIMELINE_EVENT_ADDED_TEXT = 'added an incident timeline event';

/** The note to promote, as the notes feature (which owns notes) read it for the actor. */
export type PromotableNote = {
  id: number;
  noteableType: 'Issue' | 'MergeRequest';
  noteableId: number;
  note: string;
  system: boolean;
  /** An internal note makes an internal event, read only by those who may read internal notes. */
  internal: boolean;
  createdAt: Date;
};

export type PromoteResult =
  { timelineEvent: TimelineEventRecord; errors: [] } | { timelineEvent: null; errors: string[] };

type Deps = {
  db: Db;
  clock: Clock;
  issues: Pick<IssuesService, 'findReadableById' | 'findReadable' | 'permissionsOf'>;
  systemNotes: Pick<SystemNotesService, 'record' | 'announce'>;
};

/** An incident's timeline: events promoted from comments, in the order they happened. */
export function createTimelineEventsService({ db, clock, issues, systemNotes }: Deps) {
  const refused = (error: string): PromoteResult => ({ timelineEvent: null, errors: [error] });

  /**
   * GraphQL's `timelineEventPromoteFromNote`: the comment's text becomes an event at the time the
   * comment was made. Refusals come back as `errors`, as GitLab's mutation answers them.
   */
  async function promoteFromNote(actor: Actor, note: PromotableNote): Promise<PromoteResult> {
    if (note.noteableType !== 'Issue') return refused(TIMELINE_ERRORS.notIncident);
    const found = await issues.findReadableById(actor, note.noteableId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    if (!found) return refused(TIMELINE_ERRORS.forbidden);
    if (found.record.issue.issueType !== 'incident') return refused(TIMELINE_ERRORS.notIncident);
    if (!actor || !issues.permissionsOf(actor, found).canAddTimelineEvents)
      return refused(TIMELINE_ERRORS.forbidden);
    if (note.system) return refused(TIMELINE_ERRORS.systemNote);
    const text = note.note.trim();
    if (text === '') return refused(TIMELINE_ERRORS.empty);
    if (text.length > MAX_TIMELINE_NOTE_LENGTH) return refused(TIMELINE_ERRORS.tooLong);

    const issue = found.record.issue;
    const { event, systemNote } = await db.transaction(async (tx) => {
      const row = await insertTimelineEvent(tx, {
        issueId: issue.id,
        noteId: note.id,
        authorId: actor.id,
        note: text,
        internal: note.internal,
        occurredAt: note.createdAt,
        createdAt: clock.now(),
      });
      const written = await systemNotes.record(
        {
          projectId: issue.projectId,
          noteableType: 'Issue',
          noteableId: issue.id,
          authorId: actor.id,
          action: 'timeline_event',
          body: TIMELINE_EVENT_ADDED_TEXT,
        },
        tx,
      );
      return { event: row, systemNote: written };
    });
    await systemNotes.announce(systemNote);
    const events = await listTimelineEvents(db, issue.id, { includeInternal: true });
    const created = events.find((record) => record.event.id === event.id);
    if (!created) throw new Error(`timeline event ${event.id} vanished`);
    return { timelineEvent: created, errors: [] };
  }

  /**
   * The timeline of an issue the actor may read (404 otherwise), oldest first; events promoted
   * from internal notes only for those who may read internal notes.
   */
  async function list(actor: Actor, projectRef: number | string, iid: number) {
    const found = await issues.findReadable(actor, projectRef, iid);
    const includeInternal = issues.permissionsOf(actor, found).canReadInternalNotes;
    return {
      ctx: found.ctx,
      events: await listTimelineEvents(db, found.record.issue.id, { includeInternal }),
    };
  }

  return { promoteFromNote, list };
}

export type TimelineEventsService = ReturnType<typeof createTimelineEventsService>;
