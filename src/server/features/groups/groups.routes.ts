import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createGroupBody,
  groupSchema,
  listGroupProjectsQuery,
  listGroupsQuery,
  updateGroupBody,
} from '../../../shared/api/groups';
import {
  idOrPathParam,
  listNamespacesQuery,
  namespaceSchema,
  projectSchema,
  simpleProjectSchema,
} from '../../../shared/api/projects';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { presentNamespace, presentProject, presentSimpleProject } from '../projects/projects.presenter';
import { presentGroup } from './groups.presenter';
import { apiActor, requireUser } from '../auth/api-auth';

const idParams = z.object({ id: idOrPathParam });

/** REST v4 groups and namespaces. */
export function registerGroupRoutes(
  app: FastifyInstance,
  { groups, config }: Pick<Container, 'groups' | 'config'>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'POST',
    url: '/api/v4/groups',
    schema: { body: createGroupBody, response: { 201: groupSchema } },
    handler: async (request, reply) => {
      const group = await groups.createGroup(requireUser(request), request.body);
      return reply.status(201).send(presentGroup(group, config));
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/groups',
    schema: {
      querystring: listGroupsQuery.extend(paginationQuery.shape),
      response: { 200: z.array(groupSchema) },
    },
    handler: async (request, reply) => {
      const page = toPage(request.query);
      const { groups: rows, total } = await groups.listGroups(apiActor(request), { ...request.query, page });
      setPaginationHeaders(request, reply, page, total);
      return rows.map((row) => presentGroup(row, config));
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/groups/:id',
    schema: { params: idParams, response: { 200: groupSchema } },
    handler: async (request) =>
      presentGroup(await groups.loadGroup(apiActor(request), request.params.id), config),
  });

  api.route({
    method: 'PUT',
    url: '/api/v4/groups/:id',
    schema: { params: idParams, body: updateGroupBody, response: { 200: groupSchema } },
    handler: async (request) => {
      const group = await groups.updateGroup(requireUser(request), request.params.id, request.body);
      return presentGroup(group, config);
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/groups/:id/subgroups',
    schema: { params: idParams, querystring: paginationQuery, response: { 200: z.array(groupSchema) } },
    handler: async (request, reply) => {
      const page = toPage(request.query);
      const { groups: rows, total } = await groups.listSubgroups(apiActor(request), request.params.id, page);
      setPaginationHeaders(request, reply, page, total);
      return rows.map((row) => presentGroup(row, config));
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/groups/:id/projects',
    schema: {
      params: idParams,
      querystring: listGroupProjectsQuery.extend(paginationQuery.shape),
      response: { 200: z.array(z.union([projectSchema, simpleProjectSchema])) },
    },
    handler: async (request, reply) => {
      const page = toPage(request.query);
      const { views, total } = await groups.listGroupProjects(apiActor(request), request.params.id, {
        ...request.query,
        order_by: 'name',
        sort: 'asc',
        page,
      });
      setPaginationHeaders(request, reply, page, total);
      const present = request.query.simple ? presentSimpleProject : presentProject;
      return views.map((view) => present(view, config));
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/namespaces',
    schema: {
      querystring: listNamespacesQuery.extend(paginationQuery.shape),
      response: { 200: z.array(namespaceSchema) },
    },
    handler: async (request, reply) => {
      const page = toPage(request.query);
      const { rows, total } = await groups.listNamespaces(requireUser(request), request.query.search, page);
      setPaginationHeaders(request, reply, page, total);
      return rows.map((row) => presentNamespace(row, config));
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/namespaces/:id',
    schema: { params: idParams, response: { 200: namespaceSchema } },
    handler: async (request) =>
      presentNamespace(await groups.findNamespace(requireUser(request), request.params.id), config),
  });
}
