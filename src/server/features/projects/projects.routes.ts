import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptedSchema,
  createProjectBody,
  idOrPathParam,
  listProjectsQuery,
  projectSchema,
  simpleProjectSchema,
  updateProjectBody,
} from '../../../shared/api/projects';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { presentProject, presentSimpleProject } from './projects.presenter';
import { apiActor, requireUser } from '../auth/api-auth';

const idParams = z.object({ id: idOrPathParam });
const projectListResponse = z.array(z.union([projectSchema, simpleProjectSchema]));

/** REST v4 projects: create, list, show (by id or URL-encoded full path), edit, archive, delete. */
export function registerProjectRoutes(
  app: FastifyInstance,
  { projects, config }: Pick<Container, 'projects' | 'config'>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'POST',
    url: '/api/v4/projects',
    schema: { body: createProjectBody, response: { 201: projectSchema } },
    handler: async (request, reply) => {
      const actor = requireUser(request);
      const view = await projects.createProjectView(actor, request.body);
      return reply.status(201).send(presentProject(view, config));
    },
  });

  api.route({
    method: 'POST',
    url: '/api/v4/projects/user/:user_id',
    schema: {
      params: z.object({ user_id: z.coerce.number().int().positive() }),
      body: createProjectBody,
      response: { 201: projectSchema },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request);
      const view = await projects.createProjectForUser(actor, request.params.user_id, request.body);
      return reply.status(201).send(presentProject(view, config));
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/projects',
    schema: {
      querystring: listProjectsQuery.extend(paginationQuery.shape),
      response: { 200: projectListResponse },
    },
    handler: async (request, reply) => {
      const actor = apiActor(request);
      const page = toPage(request.query);
      const { views, total } = await projects.listProjects(actor, { ...request.query, page });
      setPaginationHeaders(request, reply, page, total);
      const present = request.query.simple ? presentSimpleProject : presentProject;
      return views.map((view) => present(view, config));
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/users/:user_id/projects',
    schema: {
      params: z.object({ user_id: idOrPathParam }),
      querystring: listProjectsQuery.extend(paginationQuery.shape),
      response: { 200: projectListResponse },
    },
    handler: async (request, reply) => {
      const actor = apiActor(request);
      const page = toPage(request.query);
      const { views, total } = await projects.listUserProjects(actor, request.params.user_id, {
        ...request.query,
        page,
      });
      setPaginationHeaders(request, reply, page, total);
      const present = request.query.simple ? presentSimpleProject : presentProject;
      return views.map((view) => present(view, config));
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id',
    schema: { params: idParams, response: { 200: projectSchema } },
    handler: async (request) => {
      const view = await projects.showProject(apiActor(request), request.params.id);
      return presentProject(view, config);
    },
  });

  api.route({
    method: 'PUT',
    url: '/api/v4/projects/:id',
    schema: { params: idParams, body: updateProjectBody, response: { 200: projectSchema } },
    handler: async (request) => {
      const view = await projects.updateProject(requireUser(request), request.params.id, request.body);
      return presentProject(view, config);
    },
  });

  for (const [action, archived] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    api.route({
      method: 'POST',
      url: `/api/v4/projects/:id/${action}`,
      schema: { params: idParams, response: { 201: projectSchema } },
      handler: async (request, reply) => {
        const view = await projects.setArchived(requireUser(request), request.params.id, archived);
        return reply.status(201).send(presentProject(view, config));
      },
    });
  }

  api.route({
    method: 'DELETE',
    url: '/api/v4/projects/:id',
    schema: { params: idParams, response: { 202: acceptedSchema } },
    handler: async (request, reply) => {
      await projects.removeProject(requireUser(request), request.params.id);
      return reply.status(202).send({ message: '202 Accepted' });
    },
  });
}
