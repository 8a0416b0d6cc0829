import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createNoteBodySchema,
  createNoteResponseSchema,
  discussionSchema,
  discussionsQuerySchema,
  noteSchema,
  notesDataSchema,
  notesPollResponseSchema,
  updateNoteBodySchema,
} from '../../../shared/api/notes';
import type { Actor } from '../../auth/permissions';
import type { Container } from '../../container';
import { BadRequestError, NotFoundError } from '../../errors';
import { diffLineSchema } from '../../../shared/api/diffs';
import { fullPathOf, pageId, projectPagePrefixes, projectPathFields } from '../../page-paths';
import { requireUser } from '../auth/api-auth';
import { changePositionOf } from './diff-notes.service';
import { logHookErrors } from './note-commands';
import type { Noteable, NoteableType } from './noteables';
import { presentDiscussion, presentNote } from './notes.presenter';
import { noteSubject, type DiscussionRecord } from './notes.service';
import type { NoteRecord } from './notes.repo';
import { presentNotesData } from './notes-data.presenter';
import { taskUpdateOf } from '../../markdown/task-toggle';

/**
 * The activity's large answers (a page of 100 threads is 500 notes) keep their zod schema as the
 * contract, which the presenters' types follow, and skip re-validating it on the way out: that
 * cost more than building the page (docs/performance.md).
 */
const serializeJson = () => (data: unknown) => JSON.stringify(data);

const id = pageId;

const noteableParams = z.object({ ...projectPathFields, iid: id });
const discussionParams = z.object({
  ...projectPathFields,
  iid: id,
  discussion_id: z.string().min(1).max(64),
});
const versionParams = z.object({ ...projectPathFields, iid: id, version_id: id });
const noteParams = z.object({ ...projectPathFields, id });

/** The noteable page kinds: the URL segment and the type it names. */
export const NOTEABLE_SEGMENTS: Array<{ segment: string; type: NoteableType }> = [
  { segment: 'merge_requests', type: 'MergeRequest' },
  { segment: 'issues', type: 'Issue' },
];

const TARGET_TYPES: Record<string, NoteableType> = {
  merge_request: 'MergeRequest',
  MergeRequest: 'MergeRequest',
  issue: 'Issue',
  Issue: 'Issue',
};

export type NotesRoutesDeps = Pick<
  Container,
  | 'notes'
  | 'notePresentation'
  | 'noteables'
  | 'descriptionVersions'
  | 'awardEmoji'
  | 'noteCommands'
  | 'mergeRequests'
  | 'issues'
  | 'diffNotes'
>;

/**
 * The page's notes endpoints at GitLab's addresses, for merge requests and issues alike:
 * `{noteable}/discussions.json`, `{noteable}/notes` (poll and create), `{noteable}/notes_data.json`,
 * thread resolve, description versions, and `{project}/-/notes/{id}` edit, delete, resolve, award.
 */
export function registerNotesPageRoutes(app: FastifyInstance, deps: NotesRoutesDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { notes, notePresentation, noteables } = deps;

  const presentDiscussions = async (
    actor: Actor,
    noteable: Noteable,
    discussions: DiscussionRecord[],
    options?: { renderTruncatedDiffLines: boolean },
  ) => {
    const presentation = await notePresentation(
      actor,
      noteable,
      discussions.flatMap((d) => d.notes),
    );
    return discussions.map((d) => presentDiscussion(d, presentation, options));
  };
  const presentNotes = async (actor: Actor, noteable: Noteable, records: NoteRecord[]) => {
    const presentation = await notePresentation(actor, noteable, records);
    return records.map((r) => presentNote(r, presentation));
  };

  for (const prefix of projectPagePrefixes()) {
    for (const { segment: kind, type } of NOTEABLE_SEGMENTS) {
      const base = `${prefix}/-/${kind}/:iid`;
      const noteableOf = (request: FastifyRequest, params: z.infer<typeof noteableParams>) =>
        noteables.byIid(request.currentUser, type, fullPathOf(params), params.iid);

      api.route({
        method: 'GET',
        url: `${base}/discussions.json`,
        serializerCompiler: serializeJson,
        schema: {
          params: noteableParams,
          querystring: discussionsQuerySchema,
          response: { 200: z.array(discussionSchema) },
        },
        handler: async (request, reply) => {
          const noteable = await noteableOf(request, request.params);
          const query = request.query;
          const page = await notes.discussionsPage(request.currentUser, noteable, {
            perPage: query.per_page,
            cursor: query.cursor,
            notesFilter: query.notes_filter,
            persistFilter: query.persist_filter ?? false,
          });
          if (page.nextCursor) reply.header('x-next-page-cursor', page.nextCursor);
          return presentDiscussions(request.currentUser, noteable, page.discussions, {
            renderTruncatedDiffLines: false,
          });
        },
      });

      // A collapsed diff thread's `truncated_diff_lines_path`: its lines, once the reader opens it.
      api.route({
        method: 'GET',
        url: `${base}/discussions/:discussion_id`,
        schema: {
          params: discussionParams,
          response: { 200: z.object({ truncated_diff_lines: discussionSchema.shape.truncated_diff_lines }) },
        },
        handler: async (request) => {
          const noteable = await noteableOf(request, request.params);
          const thread = await notes.discussion(request.currentUser, noteable, request.params.discussion_id);
          const [discussion] = await presentDiscussions(request.currentUser, noteable, [thread]);
          return { truncated_diff_lines: discussion?.truncated_diff_lines ?? null };
        },
      });

      api.route({
        method: 'GET',
        url: `${base}/notes`,
        serializerCompiler: serializeJson,
        schema: { params: noteableParams, response: { 200: notesPollResponseSchema } },
        handler: async (request) => {
          const noteable = await noteableOf(request, request.params);
          const since = lastFetchedAt(request);
          const polled = await notes.poll(request.currentUser, noteable, since);
          return {
            notes: await presentNotes(request.currentUser, noteable, polled.records),
            last_fetched_at: polled.lastFetchedAt,
            note_ids: polled.noteIds,
          };
        },
      });

      api.route({
        method: 'POST',
        url: `${base}/notes`,
        schema: {
          params: noteableParams,
          body: createNoteBodySchema,
          response: { 201: createNoteResponseSchema, 200: createNoteResponseSchema },
        },
        handler: async (request, reply) => {
          const noteable = await noteableOf(request, request.params);
          return createNote(request, reply, noteable);
        },
      });

      api.route({
        method: 'GET',
        url: `${base}/notes_data.json`,
        schema: { params: noteableParams, response: { 200: notesDataSchema } },
        handler: async (request) => {
          const noteable = await noteableOf(request, request.params);
          const facts = await notes.notesDataFacts(request.currentUser, noteable);
          return presentNotesData(request.currentUser, noteable, facts);
        },
      });

      for (const method of ['POST', 'PUT', 'DELETE'] as const) {
        api.route({
          method,
          url: `${base}/discussions/:discussion_id/resolve`,
          schema: { params: discussionParams, response: { 200: z.object({ discussion: discussionSchema }) } },
          handler: async (request) => {
            const actor = requireUser(request, 'api_write');
            const noteable = await noteableOf(request, request.params);
            const resolved = method !== 'DELETE';
            const thread = await notes.resolveDiscussion(
              actor,
              noteable,
              request.params.discussion_id,
              resolved,
            );
            const [discussion] = await presentDiscussions(actor, noteable, [thread]);
            return { discussion: discussion as z.infer<typeof discussionSchema> };
          },
        });
      }

      // The Activity section's close/reopen button (spec 001 section 4: PUT closePath, reopenPath).
      for (const event of ['close', 'reopen'] as const) {
        api.route({
          method: 'PUT',
          url: `${base}/${event}`,
          schema: { params: noteableParams, response: { 200: z.object({ state: z.string() }) } },
          handler: async (request) => {
            const actor = requireUser(request, 'api_write');
            const fullPath = fullPathOf(request.params);
            const { iid } = request.params;
            if (type === 'MergeRequest')
              await deps.mergeRequests.update(actor, fullPath, iid, { state_event: event });
            else await deps.issues[event](actor, fullPath, iid);
            return { state: (await noteableOf(request, request.params)).state };
          },
        });
      }

      api.route({
        method: 'GET',
        url: `${base}/descriptions/:version_id/diff`,
        schema: { params: versionParams, querystring: z.object({ start_version_id: id.optional() }) },
        handler: async (request, reply) => {
          const noteable = await noteableOf(request, request.params);
          const html = await deps.descriptionVersions.diff(
            noteable,
            request.params.version_id,
            request.query.start_version_id,
          );
          return reply.type('text/html; charset=utf-8').send(html);
        },
      });

      api.route({
        method: 'DELETE',
        url: `${base}/descriptions/:version_id`,
        schema: { params: versionParams, querystring: z.object({ start_version_id: id.optional() }) },
        handler: async (request, reply) => {
          requireUser(request, 'api_write');
          const noteable = await noteableOf(request, request.params);
          await deps.descriptionVersions.remove(
            noteable,
            request.params.version_id,
            request.query.start_version_id,
          );
          return reply.status(204).send();
        },
      });
    }

    registerProjectNoteRoutes(prefix);
  }

  /** `POST create_note_path`: writes the note (quick actions first), answers the note and its thread. */
  async function createNote(request: FastifyRequest, reply: FastifyReply, noteable: Noteable) {
    const actor = requireUser(request, 'api_write');
    const body = createNoteBodySchema.parse(request.body);
    const input = {
      body: body.note.note,
      internal: body.note.internal ?? false,
      type: body.note.type ?? null,
      position: body.note.position,
      lineCode: body.note.line_code,
      inReplyToDiscussionId: body.in_reply_to_discussion_id,
    };
    const outcome = await deps.noteCommands.createWithCommands(
      actor,
      noteable,
      input,
      logHookErrors(request.log),
    );
    const commands = outcome.commands && {
      quick_actions_status: {
        messages: outcome.commands.messages.length > 0 ? outcome.commands.messages : null,
        command_names: outcome.commands.command_names,
        ...(outcome.commands.error ? { error: true } : {}),
      },
      commands_changes: outcome.commands.commands_changes,
    };
    if (!outcome.note) return reply.status(200).send({ ...commands });
    const [note] = await presentNotes(actor, noteable, [await notes.noteRecord(outcome.note.id)]);
    const [discussion] = await presentDiscussions(actor, noteable, [
      await notes.discussion(actor, noteable, outcome.note.discussionId),
    ]);
    return reply.status(201).send({ note, discussion, ...commands });
  }

  function registerProjectNoteRoutes(prefix: string): void {
    api.route({
      method: 'POST',
      url: `${prefix}/-/notes`,
      schema: {
        params: z.object(projectPathFields),
        querystring: z.object({ target_type: z.string().max(50).optional(), target_id: id.optional() }),
        body: createNoteBodySchema,
        response: { 201: createNoteResponseSchema, 200: createNoteResponseSchema },
      },
      handler: async (request, reply) => {
        const body = request.body;
        const typeName = request.query.target_type ?? body.target_type ?? body.note.noteable_type;
        const targetId = request.query.target_id ?? body.note.noteable_id;
        const type = typeName ? TARGET_TYPES[typeName] : undefined;
        if (!type || targetId === undefined)
          throw new BadRequestError('target_type and target_id are required');
        const noteable = await noteables.byId(request.currentUser, type, targetId);
        if (noteable.ctx.fullPath.toLowerCase() !== fullPathOf(request.params).toLowerCase())
          throw new BadRequestError('The note target is not in this project');
        return createNote(request, reply, noteable);
      },
    });

    // GitLab's notes controller takes PUT and PATCH; a ticked task list item comes as `update_task`.
    api.route({
      method: ['PUT', 'PATCH'],
      url: `${prefix}/-/notes/:id`,
      schema: { params: noteParams, body: updateNoteBodySchema, response: { 200: noteSchema } },
      handler: async (request) => {
        const actor = requireUser(request, 'api_write');
        const { note: edit } = request.body;
        const projectPath = fullPathOf(request.params);
        const { noteable, noteId } = edit.update_task
          ? await notes.updateTask(actor, request.params.id, taskUpdateOf(edit.update_task), projectPath)
          : await notes.update(actor, request.params.id, edit.note, projectPath);
        const [note] = await presentNotes(actor, noteable, [await notes.noteRecord(noteId)]);
        return note;
      },
    });

    api.route({
      method: 'DELETE',
      url: `${prefix}/-/notes/:id`,
      schema: { params: noteParams },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_write');
        await notes.remove(actor, request.params.id, fullPathOf(request.params));
        return reply.status(204).send();
      },
    });

    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      api.route({
        method,
        url: `${prefix}/-/notes/:id/resolve`,
        schema: { params: noteParams, response: { 200: z.object({ discussion: discussionSchema }) } },
        handler: async (request) => {
          const actor = requireUser(request, 'api_write');
          const { noteable, discussion } = await notes.resolveNote(
            actor,
            request.params.id,
            method !== 'DELETE',
            fullPathOf(request.params),
          );
          const [presented] = await presentDiscussions(actor, noteable, [discussion]);
          return { discussion: presented as z.infer<typeof discussionSchema> };
        },
      });
    }

    // The lines an `outdated` system note's push changed (GitLab's `outdated_line_change`).
    api.route({
      method: 'GET',
      url: `${prefix}/-/notes/:id/outdated_line_change`,
      schema: { params: noteParams, response: { 200: z.array(diffLineSchema) } },
      handler: async (request) => {
        const { noteable, record } = await notes.findReadableNote(
          request.currentUser,
          request.params.id,
          fullPathOf(request.params),
        );
        const change = changePositionOf(record.note);
        if (!change) throw new NotFoundError('Note');
        const found = await deps.diffNotes.changeLines(request.currentUser, noteable, change);
        return found?.lines ?? [];
      },
    });

    api.route({
      method: 'POST',
      url: `${prefix}/-/notes/:id/toggle_award_emoji`,
      schema: { params: noteParams, body: z.object({ name: z.string().min(1).max(128) }) },
      handler: async (request) => {
        const actor = requireUser(request, 'api_write');
        const { noteable, record } = await notes.findReadableNote(
          actor,
          request.params.id,
          fullPathOf(request.params),
        );
        const awardable = {
          type: 'Note' as const,
          id: record.note.id,
          subject: noteSubject(noteable, record.note),
        };
        const toggled = await deps.awardEmoji.toggle(actor, awardable, request.body.name);
        await notes.announce('updated', record.note);
        return { ok: true, ...toggled };
      },
    });
  }
}

/** `X-Last-Fetched-At`: microseconds since the epoch, as the previous poll answered; 0 (everything) when absent. */
function lastFetchedAt(request: FastifyRequest): number {
  const header = request.headers['x-last-fetched-at'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return 0;
  if (!/^\d{1,20}$/.test(value))
    throw new BadRequestError('X-Last-Fetched-At must be a number of microseconds');
  return Number(value);
}
