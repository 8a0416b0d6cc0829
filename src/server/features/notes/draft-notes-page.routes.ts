import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { booleanParam } from '../../../shared/api/params';
import {
  createDraftNoteBodySchema,
  draftNoteSchema,
  MAX_NOTE_LENGTH,
  noteSchema,
} from '../../../shared/api/notes';
import { submitReviewBodySchema, submittedState } from '../../../shared/api/reviewSubmission';
import type { Container } from '../../container';
import { fullPathOf, pageId, projectPagePrefixes, projectPathFields } from '../../page-paths';
import { requireUser } from '../auth/api-auth';
import { draftParts, presentDraftNote } from './draft-notes.presenter';
import { logHookErrors } from './note-commands';
import { presentNote } from './notes.presenter';
import type { Actor } from '../../auth/permissions';
import type { Noteable } from './noteables';
import type { DraftNoteRow } from './notes.repo';

const id = pageId;
const baseFields = { ...projectPathFields, iid: id };
const mergeRequestParams = z.object(baseFields);
const draftParams = z.object({ ...baseFields, draft_id: id });

const updateDraftBodySchema = z.object({
  draft_note: z.object({
    note: z.string().max(MAX_NOTE_LENGTH).optional(),
    resolve_discussion: booleanParam.optional(),
  }),
});

/**
 * A merge request's pending review at GitLab's page addresses: `{mr}/draft_notes` (list, create),
 * `{mr}/draft_notes/{id}` (edit, delete), `.../publish`, `bulk_publish` (submit the review, with
 * its summary and conclusion) and
 * `discard`. Only the author ever sees their drafts.
 */
export function registerDraftNotesPageRoutes(
  app: FastifyInstance,
  {
    draftNotes,
    noteables,
    notePresentation,
    notes,
    references,
    reviewSubmission,
  }: Pick<
    Container,
    'draftNotes' | 'noteables' | 'notePresentation' | 'notes' | 'references' | 'reviewSubmission'
  >,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const load = (request: FastifyRequest, params: z.infer<typeof mergeRequestParams>) =>
    noteables.byIid(request.currentUser, 'MergeRequest', fullPathOf(params), params.iid);
  // Drafts render as they will be published: without their command lines.
  const writerForDrafts = (actor: Actor, noteable: Noteable, drafts: DraftNoteRow[]) =>
    references.writerFor(actor, noteable.ctx, { blocks: drafts.map((d) => draftParts(d, noteable).body) });
  const presentDrafts = async (actor: Actor, noteable: Noteable, drafts: DraftNoteRow[]) => {
    const markdown = await writerForDrafts(actor, noteable, drafts);
    return drafts.map((draft) => presentDraftNote(draft, noteable, markdown));
  };
  const presentDraft = async (actor: Actor, noteable: Noteable, draft: DraftNoteRow) =>
    presentDraftNote(draft, noteable, await writerForDrafts(actor, noteable, [draft]));

  for (const prefix of projectPagePrefixes()) {
    const base = `${prefix}/-/merge_requests/:iid/draft_notes`;

    api.route({
      method: 'GET',
      url: base,
      schema: { params: mergeRequestParams, response: { 200: z.array(draftNoteSchema) } },
      handler: async (request) => {
        const actor = requireUser(request, 'api_read');
        const noteable = await load(request, request.params);
        return presentDrafts(actor, noteable, await draftNotes.list(actor, noteable));
      },
    });

    api.route({
      method: 'POST',
      url: base,
      schema: {
        params: mergeRequestParams,
        body: createDraftNoteBodySchema,
        response: { 201: draftNoteSchema },
      },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_write');
        const noteable = await load(request, request.params);
        const { draft_note: draft, in_reply_to_discussion_id: replyTo } = request.body;
        const row = await draftNotes.create(actor, noteable, {
          note: draft.note,
          position: draft.position,
          lineCode: draft.line_code,
          internal: draft.internal,
          resolveDiscussion: draft.resolve_discussion,
          inReplyToDiscussionId: replyTo,
        });
        return reply.status(201).send(await presentDraft(actor, noteable, row));
      },
    });

    api.route({
      method: 'PUT',
      url: `${base}/:draft_id`,
      schema: { params: draftParams, body: updateDraftBodySchema, response: { 200: draftNoteSchema } },
      handler: async (request) => {
        const actor = requireUser(request, 'api_write');
        const noteable = await load(request, request.params);
        const { note, resolve_discussion: resolve } = request.body.draft_note;
        const row = await draftNotes.update(actor, noteable, request.params.draft_id, {
          note,
          resolveDiscussion: resolve,
        });
        return presentDraft(actor, noteable, row);
      },
    });

    api.route({
      method: 'DELETE',
      url: `${base}/:draft_id`,
      schema: { params: draftParams },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_write');
        await draftNotes.remove(actor, await load(request, request.params), request.params.draft_id);
        return reply.status(204).send();
      },
    });

    api.route({
      method: 'POST',
      url: `${base}/:draft_id/publish`,
      schema: { params: draftParams, response: { 200: z.object({ notes: z.array(noteSchema) }) } },
      handler: async (request) => {
        const actor = requireUser(request, 'api_write');
        const noteable = await load(request, request.params);
        const published = await draftNotes.publish(
          actor,
          noteable,
          request.params.draft_id,
          logHookErrors(request.log),
        );
        const records = await Promise.all(published.map((n) => notes.noteRecord(n.id)));
        const presentation = await notePresentation(actor, noteable, records);
        return { notes: records.map((r) => presentNote(r, presentation)) };
      },
    });

    api.route({
      method: 'POST',
      url: `${base}/bulk_publish`,
      schema: { params: mergeRequestParams, body: submitReviewBodySchema },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_write');
        const { body } = request;
        await reviewSubmission.submit(
          actor,
          await load(request, request.params),
          { state: submittedState(body), note: body?.note, approvalPassword: body?.approval_password },
          logHookErrors(request.log),
        );
        return reply.status(204).send();
      },
    });

    api.route({
      method: 'DELETE',
      url: `${base}/discard`,
      schema: { params: mergeRequestParams },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_write');
        await draftNotes.discard(actor, await load(request, request.params));
        return reply.status(204).send();
      },
    });
  }
}
