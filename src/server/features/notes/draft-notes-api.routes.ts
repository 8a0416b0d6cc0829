import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiDraftNoteBodySchema, apiDraftNoteSchema } from '../../../shared/api/notes';
import type { Container } from '../../container';
import { BadRequestError } from '../../errors';
import { requireUser } from '../auth/api-auth';
import { presentApiDraftNote } from './draft-notes.presenter';
import { logHookErrors } from './note-commands';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
const mergeRequestParams = z.object({ id: z.string().min(1).max(1000), merge_request_iid: dbInt });
const draftParams = mergeRequestParams.extend({ draft_note_id: dbInt });

/** GitLab's draft notes API (REST v4): a merge request's pending review of the token's user. */
export function registerDraftNotesApiRoutes(
  app: FastifyInstance,
  { draftNotes, noteables }: Pick<Container, 'draftNotes' | 'noteables'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/v4/projects/:id/merge_requests/:merge_request_iid/draft_notes';
  const load = (request: FastifyRequest, params: z.infer<typeof mergeRequestParams>) =>
    noteables.byIid(request.currentUser, 'MergeRequest', params.id, params.merge_request_iid);

  api.route({
    method: 'GET',
    url: base,
    schema: { params: mergeRequestParams, response: { 200: z.array(apiDraftNoteSchema) } },
    handler: async (request) => {
      const actor = requireUser(request, 'api_read');
      return (await draftNotes.list(actor, await load(request, request.params))).map(presentApiDraftNote);
    },
  });

  api.route({
    method: 'GET',
    url: `${base}/:draft_note_id`,
    schema: { params: draftParams, response: { 200: apiDraftNoteSchema } },
    handler: async (request) => {
      const actor = requireUser(request, 'api_read');
      const noteable = await load(request, request.params);
      return presentApiDraftNote(await draftNotes.find(actor, noteable, request.params.draft_note_id));
    },
  });

  api.route({
    method: 'POST',
    url: base,
    schema: {
      params: mergeRequestParams,
      body: apiDraftNoteBodySchema,
      response: { 201: apiDraftNoteSchema },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const noteable = await load(request, request.params);
      const body = request.body;
      const row = await draftNotes.create(actor, noteable, {
        note: body.note ?? '',
        position: body.position,
        internal: body.internal,
        resolveDiscussion: body.resolve_discussion,
        inReplyToDiscussionId: body.in_reply_to_discussion_id,
      });
      return reply.status(201).send(presentApiDraftNote(row));
    },
  });

  // GitLab edits with PUT; @gitbeaker/rest's `MergeRequestDraftNotes.edit` sends POST, so both work.
  api.route({
    method: ['PUT', 'POST'],
    url: `${base}/:draft_note_id`,
    schema: { params: draftParams, body: apiDraftNoteBodySchema, response: { 200: apiDraftNoteSchema } },
    handler: async (request) => {
      const actor = requireUser(request, 'api_write');
      const noteable = await load(request, request.params);
      if (request.body.position)
        throw new BadRequestError('position cannot be changed: delete the draft instead');
      const row = await draftNotes.update(actor, noteable, request.params.draft_note_id, {
        note: request.body.note,
        resolveDiscussion: request.body.resolve_discussion,
      });
      return presentApiDraftNote(row);
    },
  });

  api.route({
    method: 'DELETE',
    url: `${base}/:draft_note_id`,
    schema: { params: draftParams },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      await draftNotes.remove(actor, await load(request, request.params), request.params.draft_note_id);
      return reply.status(204).send();
    },
  });

  api.route({
    method: 'PUT',
    url: `${base}/:draft_note_id/publish`,
    schema: { params: draftParams },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      await draftNotes.publish(
        actor,
        await load(request, request.params),
        request.params.draft_note_id,
        logHookErrors(request.log),
      );
      return reply.status(204).send();
    },
  });

  api.route({
    method: 'POST',
    url: `${base}/bulk_publish`,
    schema: { params: mergeRequestParams },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      await draftNotes.bulkPublish(actor, await load(request, request.params), logHookErrors(request.log));
      return reply.status(204).send();
    },
  });
}
