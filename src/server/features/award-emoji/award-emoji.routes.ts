import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { awardEmojiBodySchema, awardEmojiSchema } from '../../../shared/api/awardEmoji';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Actor } from '../../auth/permissions';
import type { Container } from '../../container';
import { reader, requireUser } from '../auth/api-auth';
import { presentAward } from './award-emoji.presenter';
import type { Awardable } from './award-emoji.service';
import { issueAwardable, mergeRequestAwardable, noteAwardable } from './awardables';
import { noteablePageParams, projectPagePrefixes } from '../../page-paths';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
const projectId = z.string().min(1).max(1000);
const awardIdParams = z.object({ award_id: dbInt });
const mergeRequestParams = z.object({ id: projectId, merge_request_iid: dbInt });
type MergeRequestParams = z.infer<typeof mergeRequestParams>;
const issueParams = z.object({ id: projectId, issue_iid: dbInt });
type IssueParams = z.infer<typeof issueParams>;
const noteId = { note_id: dbInt };
const mergeRequestNoteParams = mergeRequestParams.extend(noteId);
const issueNoteParams = issueParams.extend(noteId);

type AwardableRoute<P extends z.ZodObject> = {
  /** Where the awards of this kind of thing live, e.g. `/api/v4/projects/:id/merge_requests/:merge_request_iid`. */
  base: string;
  params: P;
  resolve: (actor: Actor, params: z.infer<P>) => Promise<Awardable>;
};

/** GitLab's award emoji API for one kind of awardable: list, show, award, remove. */
function registerAwardableRoutes<P extends z.ZodObject>(
  app: FastifyInstance,
  { awardEmoji, config }: Pick<Container, 'awardEmoji' | 'config'>,
  route: AwardableRoute<P>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const collection = `${route.base}/award_emoji`;
  const one = `${collection}/:award_id`;
  const oneParams = route.params.extend(awardIdParams.shape);
  const awardIdOf = (params: unknown) => awardIdParams.parse(params).award_id;
  const awardableOf = (actor: Actor, params: z.infer<P>) => route.resolve(actor, params);

  api.route({
    method: 'GET',
    url: collection,
    schema: {
      params: route.params,
      querystring: paginationQuery,
      response: { 200: z.array(awardEmojiSchema) },
    },
    handler: async (request, reply) => {
      const actor = reader(request);
      const page = toPage(request.query);
      const awardable = await awardableOf(actor, request.params as z.infer<P>);
      const { rows, total } = await awardEmoji.list(actor, awardable, page);
      setPaginationHeaders(request, reply, page, total);
      return rows.map((row) => presentAward(row, config));
    },
  });

  api.route({
    method: 'GET',
    url: one,
    schema: { params: oneParams, response: { 200: awardEmojiSchema } },
    handler: async (request) => {
      const actor = reader(request);
      const awardable = await awardableOf(actor, request.params as z.infer<P>);
      return presentAward(await awardEmoji.find(actor, awardable, awardIdOf(request.params)), config);
    },
  });

  api.route({
    method: 'POST',
    url: collection,
    schema: { params: route.params, body: awardEmojiBodySchema, response: { 201: awardEmojiSchema } },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const awardable = await awardableOf(actor, request.params as z.infer<P>);
      const award = await awardEmoji.award(actor, awardable, request.body.name);
      return reply.status(201).send(presentAward(award, config));
    },
  });

  api.route({
    method: 'DELETE',
    url: one,
    schema: { params: oneParams },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const awardable = await awardableOf(actor, request.params as z.infer<P>);
      await awardEmoji.remove(actor, awardable, awardIdOf(request.params));
      return reply.status(204).send();
    },
  });
}

/** REST v4 award emoji on merge requests, issues and their notes. */
export function registerAwardEmojiRoutes(
  app: FastifyInstance,
  container: Pick<Container, 'awardEmoji' | 'config' | 'mergeRequests' | 'issues' | 'notes'>,
): void {
  registerAwardableRoutes(app, container, {
    base: '/api/v4/projects/:id/merge_requests/:merge_request_iid',
    params: mergeRequestParams,
    resolve: (actor, params: MergeRequestParams) =>
      mergeRequestAwardable(container.mergeRequests, actor, params.id, params.merge_request_iid),
  });
  registerAwardableRoutes(app, container, {
    base: '/api/v4/projects/:id/issues/:issue_iid',
    params: issueParams,
    resolve: (actor, params: IssueParams) =>
      issueAwardable(container.issues, actor, params.id, params.issue_iid),
  });
  registerAwardableRoutes(app, container, {
    base: '/api/v4/projects/:id/merge_requests/:merge_request_iid/notes/:note_id',
    params: mergeRequestNoteParams,
    resolve: (actor, params: z.infer<typeof mergeRequestNoteParams>) =>
      noteAwardable(container.notes, actor, {
        projectRef: params.id,
        noteableType: 'MergeRequest',
        iid: params.merge_request_iid,
        noteId: params.note_id,
      }),
  });
  registerAwardableRoutes(app, container, {
    base: '/api/v4/projects/:id/issues/:issue_iid/notes/:note_id',
    params: issueNoteParams,
    resolve: (actor, params: z.infer<typeof issueNoteParams>) =>
      noteAwardable(container.notes, actor, {
        projectRef: params.id,
        noteableType: 'Issue',
        iid: params.issue_iid,
        noteId: params.note_id,
      }),
  });
  registerToggleRoutes(app, container);
}

const toggleResponse = z.object({ ok: z.literal(true), name: z.string(), awarded: z.boolean() });

/**
 * The award bar of a merge request or an issue page: `POST {noteable path}/toggle_award_emoji`
 * with `name` gives the emoji or takes it back, as the notes' `toggle_award_path` does.
 */
function registerToggleRoutes(
  app: FastifyInstance,
  container: Pick<Container, 'awardEmoji' | 'mergeRequests' | 'issues'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const kinds = [
    {
      segment: 'merge_requests',
      resolve: (actor: Actor, fullPath: string, iid: number) =>
        mergeRequestAwardable(container.mergeRequests, actor, fullPath, iid),
    },
    {
      segment: 'issues',
      resolve: (actor: Actor, fullPath: string, iid: number) =>
        issueAwardable(container.issues, actor, fullPath, iid),
    },
  ];
  for (const prefix of projectPagePrefixes()) {
    for (const kind of kinds) {
      api.route({
        method: 'POST',
        url: `${prefix}/-/${kind.segment}/:iid/toggle_award_emoji`,
        schema: { params: noteablePageParams, body: awardEmojiBodySchema, response: { 200: toggleResponse } },
        handler: async (request) => {
          const actor = requireUser(request, 'api_write');
          const awardable = await kind.resolve(actor, request.params.fullPath, request.params.iid);
          const toggled = await container.awardEmoji.toggle(actor, awardable, request.body.name);
          return { ok: true as const, ...toggled };
        },
      });
    }
  }
}
