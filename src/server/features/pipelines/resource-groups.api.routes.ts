import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobSchema } from '../../../shared/api/pipelines';
import {
  resourceGroupSchema,
  resourceGroupUpdateBody,
  type ResourceGroup,
} from '../../../shared/api/resourceGroups';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { requireUser } from '../auth/api-auth';
import { presentJob } from './jobs.presenter';
import type { ResourceGroupRow } from './resource-groups.repo';

const projectParams = z.object({ id: z.string().min(1).max(1000) });
const groupParams = projectParams.extend({ key: z.string().min(1).max(255) });
const GROUPS = '/api/v4/projects/:id/resource_groups';

const presentResourceGroup = (group: ResourceGroupRow): ResourceGroup => ({
  id: group.id,
  key: group.key,
  process_mode: group.processMode,
  created_at: group.createdAt.toISOString(),
  updated_at: group.updatedAt.toISOString(),
});

/** GitLab's resource group API (`lib/api/ci/resource_groups.rb`): signed-in Developers and up. */
export function registerResourceGroupRoutes(
  app: FastifyInstance,
  { resourceGroups, config, clock }: Pick<Container, 'resourceGroups' | 'config' | 'clock'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: GROUPS,
    schema: {
      params: projectParams,
      querystring: paginationQuery,
      response: { 200: z.array(resourceGroupSchema) },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request);
      const page = toPage(request.query);
      const { groups, total } = await resourceGroups.list(actor, request.params.id, page);
      setPaginationHeaders(request, reply, page, total);
      return groups.map(presentResourceGroup);
    },
  });

  api.route({
    method: 'GET',
    url: `${GROUPS}/:key`,
    schema: { params: groupParams, response: { 200: resourceGroupSchema } },
    handler: async (request) => {
      const actor = requireUser(request);
      return presentResourceGroup(await resourceGroups.get(actor, request.params.id, request.params.key));
    },
  });

  api.route({
    method: 'PUT',
    url: `${GROUPS}/:key`,
    schema: { params: groupParams, body: resourceGroupUpdateBody, response: { 200: resourceGroupSchema } },
    handler: async (request) => {
      const actor = requireUser(request);
      const { id, key } = request.params;
      return presentResourceGroup(await resourceGroups.update(actor, id, key, request.body.process_mode));
    },
  });

  api.route({
    method: 'GET',
    url: `${GROUPS}/:key/upcoming_jobs`,
    schema: {
      params: groupParams,
      querystring: paginationQuery,
      response: { 200: z.array(jobSchema) },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request);
      const page = toPage(request.query);
      const { ctx, jobs, total } = await resourceGroups.upcoming(
        actor,
        request.params.id,
        request.params.key,
        page,
      );
      setPaginationHeaders(request, reply, page, total);
      return jobs.map((job) => presentJob(job, ctx, config, clock.now()));
    },
  });
}
