import { GraphQLError } from 'graphql';
import { can, type Actor } from '../auth/permissions';
import { presentUserCore } from './user-core';
import type { Container } from '../container';
import { AppError, NotFoundError } from '../errors';
import type { Noteable, NoteableForViewers, NoteableType } from '../features/notes/noteables';
import { noteSubject, type NoteRecord } from '../features/notes/notes.service';
import type { MarkdownWriter } from '../features/references/references.service';
import type { BusEvent } from '../realtime/bus';
import { eventStream } from '../realtime/event-stream';
import { parseGlobalId, toGlobalId } from './global-id';
import { orNull, type GraphQLContext } from './resolve';

type NoteChanged = Extract<BusEvent, { type: 'note.changed' }>;

/** `gid://gitlab/MergeRequest/12` or `gid://gitlab/Issue/3`: the noteable a subscription follows. */
function parseNoteableId(value: string): { type: NoteableType; id: number } | null {
  for (const type of ['MergeRequest', 'Issue'] as const) {
    const id = parseGlobalId(type, value);
    if (id !== null) return { type, id };
  }
  return null;
}

/** Note ids come as `gid://gitlab/Note/1` (or GitLab's DiscussionNote / DiffNote forms). */
function parseNoteId(value: string): number | null {
  for (const type of ['Note', 'DiscussionNote', 'DiffNote']) {
    const id = parseGlobalId(type, value);
    if (id !== null) return id;
  }
  return null;
}

const person = presentUserCore;

type GqlPerson = ReturnType<typeof person>;
type GqlDiscussion = { id: string; resolvable: boolean; resolved: boolean; notes: { nodes: GqlNote[] } };
type GqlNote = {
  id: string;
  body: string;
  /** Resolved only when the query asks for it: linking references reads what they name. */
  bodyHtml: () => Promise<string>;
  internal: boolean;
  confidential: boolean;
  system: boolean;
  resolvable: boolean;
  resolved: boolean;
  createdAt: string;
  updatedAt: string;
  lastEditedAt: string | null;
  url: string;
  author: GqlPerson | null;
  awardEmoji: { nodes: Array<{ name: string; user: GqlPerson }> };
  userPermissions: Record<
    'readNote' | 'adminNote' | 'awardEmoji' | 'createNote' | 'resolveNote' | 'repositionNote',
    boolean
  >;
  /** Resolved only when the query asks for it. */
  discussion: () => Promise<GqlDiscussion>;
};

export function noteResolvers(container: Container) {
  const { notes, noteables, awardEmoji, references, config } = container;
  const { externalUrl } = config;

  const awardsOf = async (noteId: number) => (await awardEmoji.awardsOn('Note', [noteId])).get(noteId) ?? [];

  /** Renders these notes' bodies for the reader once, on first use, for all of them. */
  const markdownOf = (actor: Actor, noteable: Noteable, records: NoteRecord[]) => {
    let writer: Promise<MarkdownWriter> | undefined;
    return () =>
      (writer ??= references.writerFor(actor, noteable.ctx, { blocks: records.map((r) => r.note.note) }));
  };

  /** GitLab's `Note` type, with what the subscriber or reader may do on it. */
  async function presentNote(
    actor: Actor,
    noteable: Noteable,
    record: NoteRecord,
    awards?: Awaited<ReturnType<typeof awardsOf>>,
    markdown = markdownOf(actor, noteable, [record]),
  ): Promise<GqlNote> {
    const { note, author } = record;
    const subject = noteSubject(noteable, note);
    awards ??= await awardsOf(note.id);
    return {
      id: toGlobalId('Note', note.id),
      body: note.note,
      bodyHtml: async () => (await markdown()).html(note.note),
      internal: note.internal,
      confidential: note.internal,
      system: note.system,
      resolvable: note.resolvable,
      resolved: note.resolvedAt !== null,
      createdAt: note.createdAt.toISOString(),
      updatedAt: note.updatedAt.toISOString(),
      lastEditedAt: note.lastEditedAt?.toISOString() ?? null,
      url: `${externalUrl}${noteable.path}#note_${note.id}`,
      author: author && person(author, externalUrl),
      awardEmoji: {
        nodes: awards.map(({ award, user }) => ({ name: award.name, user: person(user, externalUrl) })),
      },
      userPermissions: {
        readNote: can(actor, 'read_note', subject),
        adminNote: can(actor, 'admin_note', subject),
        awardEmoji: can(actor, 'award_emoji', subject),
        createNote: can(actor, 'create_note', noteable.facts),
        resolveNote: note.resolvable && can(actor, 'resolve_note', subject),
        repositionNote: false,
      },
      discussion: async () => {
        const thread = await notes.discussion(actor, noteable, note.discussionId);
        const resolvable = thread.notes.filter((r) => r.note.resolvable);
        const threadMarkdown = markdownOf(actor, noteable, thread.notes);
        return {
          id: `gid://gitlab/Discussion/${note.discussionId}`,
          resolvable: resolvable.length > 0,
          resolved: resolvable.length > 0 && resolvable.every((r) => r.note.resolvedAt !== null),
          notes: {
            nodes: await Promise.all(
              thread.notes.map((r) => presentNote(actor, noteable, r, undefined, threadMarkdown)),
            ),
          },
        };
      },
    };
  }

  const loadNote = (actor: Actor, noteId: number) =>
    orNull(async () => {
      const { noteable, record } = await notes.findReadableNote(actor, noteId);
      return presentNote(actor, noteable, record);
    });

  /**
   * An event's note and its awards, read once for all its subscribers (what they may see of it is
   * decided per viewer): the bus hands every subscription the same event object, so it keys the
   * memo and the memo goes with it.
   */
  const noteOfEvent = new WeakMap<NoteChanged, Promise<SharedNote | null>>();
  type SharedNote = { record: NoteRecord; awards: Awaited<ReturnType<typeof awardsOf>> };
  function sharedNote(event: NoteChanged): Promise<SharedNote | null> {
    let found = noteOfEvent.get(event);
    if (!found) {
      found = orNull(async () => {
        const record = await notes.noteRecord(event.noteId);
        return { record, awards: await awardsOf(record.note.id) };
      });
      noteOfEvent.set(event, found);
    }
    return found;
  }

  /** The event's noteable, read once for all subscribers; each of them gets it with their own rights. */
  const noteableOfEvent = new WeakMap<NoteChanged, Promise<NoteableForViewers | null>>();
  function noteableForViewers(event: NoteChanged): Promise<NoteableForViewers | null> {
    let found = noteableOfEvent.get(event);
    if (!found) {
      found = noteables.byIdForViewers(event.noteableType, event.noteableId);
      noteableOfEvent.set(event, found);
    }
    return found;
  }

  /** An event's note as `actor` may see it: null when its noteable or the note is hidden from them. */
  async function eventNote(actor: Actor, event: NoteChanged) {
    const [shared, forViewer] = await Promise.all([sharedNote(event), noteableForViewers(event)]);
    const noteable = shared && forViewer && (await forViewer(actor));
    if (!shared || !noteable || !can(actor, 'read_note', noteSubject(noteable, shared.record.note)))
      return null;
    return presentNote(actor, noteable, shared.record, shared.awards);
  }

  /**
   * One read per viewer of what an event's note is to them, shared by all of that viewer's
   * subscriptions (tabs, devices), keyed by the event as above.
   */
  const readsOfEvent = new WeakMap<NoteChanged, Map<string, Promise<unknown>>>();
  function oncePerViewer<T>(event: NoteChanged, actor: Actor, read: () => Promise<T>): Promise<T> {
    let reads = readsOfEvent.get(event);
    if (!reads) readsOfEvent.set(event, (reads = new Map<string, Promise<unknown>>()));
    const key = actor ? String(actor.id) : '';
    let found = reads.get(key) as Promise<T> | undefined;
    if (!found) reads.set(key, (found = read()));
    return found;
  }

  /**
   * Note events of one noteable, as the subscriber may see them: created and updated notes are
   * re-read with the subscriber's rights (an internal note reaches only those who may read it);
   * a deleted one is announced to readers of the noteable, and of internal notes.
   */
  function subscribeTo(change: NoteChanged['change']) {
    return async function* (_root: unknown, args: { noteableId: string }, ctx: GraphQLContext) {
      const target = parseNoteableId(args.noteableId);
      // The NoteableID scalar let only these types through.
      if (!target) throw new GraphQLError(`"${args.noteableId}" does not represent an instance of Noteable`);
      const isThisChange = (event: BusEvent): event is NoteChanged =>
        event.type === 'note.changed' &&
        event.change === change &&
        event.noteableType === target.type &&
        event.noteableId === target.id;
      const stream = eventStream(container.bus, isThisChange);
      const field = fieldOf(change);
      try {
        for await (const event of stream) {
          const actor = ctx.currentUser;
          const payload = await oncePerViewer<object | null>(event, actor, () =>
            change === 'deleted' ? deletedNote(actor, event) : eventNote(actor, event),
          );
          if (payload) yield { [field]: payload };
        }
      } finally {
        await stream.return?.();
      }
    };
  }

  async function deletedNote(actor: Actor, event: NoteChanged) {
    const forViewer = await noteableForViewers(event);
    const noteable = forViewer && (await forViewer(actor));
    if (!noteable) return null;
    const allowed = event.internal
      ? can(actor, 'read_internal_note', noteable.facts)
      : can(actor, 'read_noteable', noteable.facts);
    return allowed
      ? { id: toGlobalId('Note', event.noteId), discussionId: null, lastDiscussionNote: null }
      : null;
  }

  /** `issueSetLocked` / `mergeRequestSetLocked`: GitLab's payloads, errors as a list. */
  async function setLocked(
    ctx: GraphQLContext,
    input: { projectPath: string; iid: string; locked: boolean },
    type: NoteableType,
  ) {
    const actor = ctx.currentUser;
    if (!actor || !/^\d{1,9}$/.test(input.iid)) throw new NotFoundError();
    const iid = Number(input.iid);
    if (type === 'MergeRequest')
      await container.mergeRequests.setDiscussionLocked(actor, input.projectPath, iid, input.locked);
    else await container.issues.setLocked(actor, input.projectPath, iid, input.locked);
    const noteable = await noteables.byIid(actor, type, input.projectPath, iid);
    return {
      id: toGlobalId(type, noteable.noteableId),
      iid: String(noteable.iid),
      discussionLocked: noteable.discussionLocked,
    };
  }

  const payloadOf = async <T>(run: () => Promise<T>) => {
    try {
      return { value: await run(), errors: [] as string[] };
    } catch (error) {
      if (error instanceof AppError) return { value: null, errors: [error.message] };
      throw error;
    }
  };

  return {
    query: {
      note: (_root: unknown, args: { id: string }, ctx: GraphQLContext) => {
        const id = parseNoteId(args.id);
        return id === null ? null : loadNote(ctx.currentUser, id);
      },
    },
    mutation: {
      mergeRequestSetLocked: async (_root: unknown, { input }: { input: LockInput }, ctx: GraphQLContext) => {
        const { value, errors } = await payloadOf(() => setLocked(ctx, input, 'MergeRequest'));
        return { mergeRequest: value, errors };
      },
      issueSetLocked: async (_root: unknown, { input }: { input: LockInput }, ctx: GraphQLContext) => {
        const { value, errors } = await payloadOf(() => setLocked(ctx, input, 'Issue'));
        return { issue: value, errors };
      },
      timelineEventPromoteFromNote: async (
        _root: unknown,
        { input }: { input: { noteId: string } },
        ctx: GraphQLContext,
      ) => {
        const noteId = parseNoteId(input.noteId);
        const found =
          noteId === null ? null : await orNull(() => notes.findReadableNote(ctx.currentUser, noteId));
        if (!found)
          return {
            timelineEvent: null,
            errors: ['The note does not exist or you do not have permission to read it.'],
          };
        const { note } = found.record;
        const result = await container.timelineEvents.promoteFromNote(ctx.currentUser, {
          id: note.id,
          noteableType: note.noteableType,
          noteableId: note.noteableId,
          note: note.note,
          system: note.system,
          internal: note.internal,
          createdAt: note.createdAt,
        });
        const event = result.timelineEvent;
        return {
          timelineEvent: event && {
            id: toGlobalId('IncidentManagement::TimelineEvent', event.event.id),
            note: event.event.note,
            occurredAt: event.event.occurredAt.toISOString(),
          },
          errors: result.errors,
        };
      },
    },
    subscription: {
      workItemNoteCreated: { subscribe: subscribeTo('created') },
      workItemNoteUpdated: { subscribe: subscribeTo('updated') },
      workItemNoteDeleted: { subscribe: subscribeTo('deleted') },
    },
  };
}

type LockInput = { projectPath: string; iid: string; locked: boolean };

const fieldOf = (change: NoteChanged['change']) =>
  ({ created: 'workItemNoteCreated', updated: 'workItemNoteUpdated', deleted: 'workItemNoteDeleted' })[
    change
  ];
