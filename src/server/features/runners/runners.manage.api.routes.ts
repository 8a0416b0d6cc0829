import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  enableRunnerBody,
  runnerDetailsSchema,
  runnerListQuery,
  runnerSchema,
  updateRunnerBody,
} from '../../../shared/api/runners';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { requireUser } from '../auth/api-auth';

const runnerParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const ownerParams = z.object({ id: z.string().min(1).max(1000) });
const projectRunnerParams = ownerParams.extend({
  runner_id: z.coerce.number().int().positive().max(2_147_483_647),
});
const listQuery = paginationQuery.extend(runnerListQuery.shape);

/** The runners REST for people, in GitLab's shapes: lists, details, settings, removal, project runners. */
export function registerRunnerManagementRoutes(
  app: FastifyInstance,
  { runnerManagement: runners }: Pick<Container, 'runnerManagement'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const list = { querystring: listQuery, response: { 200: z.array(runnerSchema) } };

  for (const [url, all] of [
    ['/api/v4/runners', false],
    ['/api/v4/runners/all', true],
  ] as const) {
    api.route({
      method: 'GET',
      url,
      schema: list,
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_read');
        const page = toPage(request.query);
        const found = all
          ? await runners.listAll(actor, request.query, page)
          : await runners.listOwned(actor, request.query, page);
        setPaginationHeaders(request, reply, page, found.total);
        return found.rows;
      },
    });
  }

  for (const kind of ['projects', 'groups'] as const) {
    api.route({
      method: 'GET',
      url: `/api/v4/${kind}/:id/runners`,
      schema: { ...list, params: ownerParams },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_read');
        const page = toPage(request.query);
        const listFor = kind === 'projects' ? runners.listForProject : runners.listForGroup;
        const found = await listFor(actor, request.params.id, request.query, page);
        setPaginationHeaders(request, reply, page, found.total);
        return found.rows;
      },
    });
  }

  api.route({
    method: 'GET',
    url: '/api/v4/runners/:id',
    schema: { params: runnerParams, response: { 200: runnerDetailsSchema } },
    handler: async (request) => runners.get(requireUser(request, 'api_read'), request.params.id),
  });

  api.route({
    method: 'PUT',
    url: '/api/v4/runners/:id',
    schema: { params: runnerParams, body: updateRunnerBody, response: { 200: runnerDetailsSchema } },
    handler: async (request) =>
      runners.update(requireUser(request, 'api_write'), request.params.id, request.body),
  });

  api.route({
    method: 'DELETE',
    url: '/api/v4/runners/:id',
    schema: { params: runnerParams },
    handler: async (request, reply) => {
      await runners.remove(requireUser(request, 'api_write'), request.params.id);
      return reply.status(204).send();
    },
  });

  api.route({
    method: 'POST',
    url: '/api/v4/projects/:id/runners',
    schema: { params: ownerParams, body: enableRunnerBody, response: { 201: runnerSchema } },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const runner = await runners.enable(actor, request.params.id, request.body.runner_id);
      return reply.status(201).send(runner);
    },
  });

  api.route({
    method: 'DELETE',
    url: '/api/v4/projects/:id/runners/:runner_id',
    schema: { params: projectRunnerParams },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      await runners.disable(actor, request.params.id, request.params.runner_id);
      return reply.status(204).send();
    },
  });
}
