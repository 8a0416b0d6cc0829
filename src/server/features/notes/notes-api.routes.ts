import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { booleanParam } from '../../../shared/api/params';
import {
  apiCreateNoteBodySchema,
  apiDiscussionSchema,
  apiNoteSchema,
  apiUpdateNoteBodySchema,
} from '../../../shared/api/notes';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { BadRequestError, NotFoundError } from '../../errors';
import { reader, requireUser } from '../auth/api-auth';
import { logHookErrors } from './note-commands';
import type { Noteable, NoteableType } from './noteables';
import { presentApiDiscussion, presentApiNote } from './notes.presenter';
import type { NewNoteInput } from './notes.service';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
const noteableParams = z.object({ id: z.string().min(1).max(1000), noteable_iid: dbInt });
const noteParams = noteableParams.extend({ note_id: dbInt });
const discussionParams = noteableParams.extend({ discussion_id: z.string().min(1).max(64) });
const discussionNoteParams = discussionParams.extend({ note_id: dbInt });

const listNotesQuery = paginationQuery.extend({
  sort: z.enum(['asc', 'desc']).default('desc'),
  order_by: z.enum(['created_at', 'updated_at']).default('created_at'),
});

/** The REST noteables: `merge_requests` and `issues`, with GitLab's `:noteable_iid` segment. */
const KINDS: Array<{ segment: string; type: NoteableType; resolvable: boolean }> = [
  { segment: 'merge_requests', type: 'MergeRequest', resolvable: true },
  { segment: 'issues', type: 'Issue', resolvable: false },
];

type Deps = Pick<Container, 'notes' | 'noteables' | 'noteCommands' | 'config'>;

/**
 * GitLab's notes and discussions API (REST v4) on merge requests and issues: list (paginated,
 * `sort`/`order_by` for notes), show, create, edit, delete, and resolving merge request threads.
 */
export function registerNotesApiRoutes(app: FastifyInstance, deps: Deps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { notes, noteables, config } = deps;
  const present = (noteable: Noteable) => ({ noteable, config });

  for (const kind of KINDS) {
    const base = `/api/v4/projects/:id/${kind.segment}/:noteable_iid`;
    const load = (request: FastifyRequest, params: z.infer<typeof noteableParams>) => {
      return noteables.byIid(reader(request), kind.type, params.id, params.noteable_iid);
    };
    /** A note of this noteable the reader may see; another noteable's note is 404 here. */
    const noteOf = async (request: FastifyRequest, noteable: Noteable, noteId: number) => {
      const { record } = await notes.findReadableNote(request.currentUser, noteId);
      if (record.note.noteableType !== kind.type || record.note.noteableId !== noteable.noteableId)
        throw new NotFoundError('Note');
      return record;
    };

    api.route({
      method: 'GET',
      url: `${base}/notes`,
      schema: {
        params: noteableParams,
        querystring: listNotesQuery,
        response: { 200: z.array(apiNoteSchema) },
      },
      handler: async (request, reply) => {
        const noteable = await load(request, request.params);
        const page = toPage(request.query);
        const order = { orderBy: request.query.order_by, sort: request.query.sort };
        const { records, total } = await notes.notesPage(request.currentUser, noteable, order, page);
        setPaginationHeaders(request, reply, page, total);
        return records.map((r) => presentApiNote(r, present(noteable)));
      },
    });

    api.route({
      method: 'GET',
      url: `${base}/notes/:note_id`,
      schema: { params: noteParams, response: { 200: apiNoteSchema } },
      handler: async (request) => {
        const noteable = await load(request, request.params);
        return presentApiNote(await noteOf(request, noteable, request.params.note_id), present(noteable));
      },
    });

    api.route({
      method: 'POST',
      url: `${base}/notes`,
      schema: { params: noteableParams, body: apiCreateNoteBodySchema },
      handler: async (request, reply) => {
        requireUser(request, 'api_write');
        const noteable = await load(request, request.params);
        const body = request.body;
        const internal = body.internal === true || body.confidential === true;
        return createAndAnswer(request, reply, noteable, { body: body.body, internal }, 'note');
      },
    });

    api.route({
      method: 'PUT',
      url: `${base}/notes/:note_id`,
      schema: { params: noteParams, body: apiUpdateNoteBodySchema, response: { 200: apiNoteSchema } },
      handler: async (request) => {
        const actor = requireUser(request, 'api_write');
        const noteable = await load(request, request.params);
        await noteOf(request, noteable, request.params.note_id);
        if (request.body.body === undefined) throw new BadRequestError('body is missing');
        await notes.update(actor, request.params.note_id, request.body.body);
        return presentApiNote(await notes.noteRecord(request.params.note_id), present(noteable));
      },
    });

    api.route({
      method: 'DELETE',
      url: `${base}/notes/:note_id`,
      schema: { params: noteParams },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_write');
        const noteable = await load(request, request.params);
        await noteOf(request, noteable, request.params.note_id);
        await notes.remove(actor, request.params.note_id);
        return reply.status(204).send();
      },
    });

    api.route({
      method: 'GET',
      url: `${base}/discussions`,
      schema: {
        params: noteableParams,
        querystring: paginationQuery,
        response: { 200: z.array(apiDiscussionSchema) },
      },
      handler: async (request, reply) => {
        const noteable = await load(request, request.params);
        const page = toPage(request.query);
        const { discussions, total } = await notes.discussionsOffsetPage(request.currentUser, noteable, page);
        setPaginationHeaders(request, reply, page, total);
        return discussions.map((d) => presentApiDiscussion(d, present(noteable)));
      },
    });

    api.route({
      method: 'GET',
      url: `${base}/discussions/:discussion_id`,
      schema: { params: discussionParams, response: { 200: apiDiscussionSchema } },
      handler: async (request) => {
        const noteable = await load(request, request.params);
        const thread = await notes.discussion(request.currentUser, noteable, request.params.discussion_id);
        return presentApiDiscussion(thread, present(noteable));
      },
    });

    api.route({
      method: 'POST',
      url: `${base}/discussions`,
      schema: { params: noteableParams, body: apiCreateNoteBodySchema },
      handler: async (request, reply) => {
        requireUser(request, 'api_write');
        const noteable = await load(request, request.params);
        const body = request.body;
        const input = {
          body: body.body,
          internal: body.internal === true || body.confidential === true,
          type: 'DiscussionNote' as const,
          position: body.position,
        };
        return createAndAnswer(request, reply, noteable, input, 'discussion');
      },
    });

    api.route({
      method: 'POST',
      url: `${base}/discussions/:discussion_id/notes`,
      schema: { params: discussionParams, body: apiCreateNoteBodySchema },
      handler: async (request, reply) => {
        requireUser(request, 'api_write');
        const noteable = await load(request, request.params);
        const input = { body: request.body.body, inReplyToDiscussionId: request.params.discussion_id };
        return createAndAnswer(request, reply, noteable, input, 'note');
      },
    });

    api.route({
      method: 'GET',
      url: `${base}/discussions/:discussion_id/notes/:note_id`,
      schema: { params: discussionNoteParams, response: { 200: apiNoteSchema } },
      handler: async (request) => {
        const noteable = await load(request, request.params);
        const found = await noteOf(request, noteable, request.params.note_id);
        if (found.note.discussionId !== request.params.discussion_id) throw new NotFoundError('Note');
        return presentApiNote(found, present(noteable));
      },
    });

    api.route({
      method: 'PUT',
      url: `${base}/discussions/:discussion_id/notes/:note_id`,
      schema: {
        params: discussionNoteParams,
        body: apiUpdateNoteBodySchema,
        response: { 200: apiNoteSchema },
      },
      handler: async (request) => {
        const actor = requireUser(request, 'api_write');
        const noteable = await load(request, request.params);
        const found = await noteOf(request, noteable, request.params.note_id);
        if (found.note.discussionId !== request.params.discussion_id) throw new NotFoundError('Note');
        const { body, resolved } = request.body;
        if (body !== undefined) await notes.update(actor, found.note.id, body);
        else if (resolved !== undefined && kind.resolvable)
          await notes.resolveNote(actor, found.note.id, resolved);
        else throw new BadRequestError('body is missing');
        return presentApiNote(await notes.noteRecord(found.note.id), present(noteable));
      },
    });

    api.route({
      method: 'DELETE',
      url: `${base}/discussions/:discussion_id/notes/:note_id`,
      schema: { params: discussionNoteParams },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_write');
        const noteable = await load(request, request.params);
        const found = await noteOf(request, noteable, request.params.note_id);
        if (found.note.discussionId !== request.params.discussion_id) throw new NotFoundError('Note');
        await notes.remove(actor, found.note.id);
        return reply.status(204).send();
      },
    });

    if (kind.resolvable) {
      api.route({
        method: 'PUT',
        url: `${base}/discussions/:discussion_id`,
        schema: {
          params: discussionParams,
          body: z.object({ resolved: booleanParam }),
          response: { 200: apiDiscussionSchema },
        },
        handler: async (request) => {
          const actor = requireUser(request, 'api_write');
          const noteable = await load(request, request.params);
          const thread = await notes.resolveDiscussion(
            actor,
            noteable,
            request.params.discussion_id,
            request.body.resolved,
          );
          return presentApiDiscussion(thread, present(noteable));
        },
      });
    }
  }

  /**
   * Writes a note (quick actions run first): 201 with the note or its discussion; a note that was
   * only commands answers 202 with what they changed, as GitLab does.
   */
  async function createAndAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    noteable: Noteable,
    input: NewNoteInput,
    answer: 'note' | 'discussion',
  ) {
    const actor = requireUser(request, 'api_write');
    const outcome = await deps.noteCommands.createWithCommands(
      actor,
      noteable,
      input,
      logHookErrors(request.log),
    );
    if (!outcome.note)
      return reply.status(202).send({
        commands_changes: outcome.commands?.commands_changes ?? {},
        summary: outcome.commands?.messages ?? [],
      });
    const record = await notes.noteRecord(outcome.note.id);
    if (answer === 'note') {
      const presented = presentApiNote(record, present(noteable));
      return reply
        .status(201)
        .send({ ...presented, commands_changes: outcome.commands?.commands_changes ?? {} });
    }
    const thread = await notes.discussion(actor, noteable, outcome.note.discussionId);
    return reply.status(201).send(presentApiDiscussion(thread, present(noteable)));
  }
}
