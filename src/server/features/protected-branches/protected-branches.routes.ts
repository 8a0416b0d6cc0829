import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { protectBranchBodySchema, updateProtectedBranchBodySchema } from '../../../shared/api/repository';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { presentProtectedBranch } from './protected-branches.presenter';
import { apiActor } from '../auth/api-auth';

const projectParams = z.object({ id: z.string().min(1).max(1000) });
const ruleParams = projectParams.extend({ name: z.string().min(1).max(255) });

/** GitLab's protected branches API; Maintainers and Owners only, as on GitLab. */
export function registerProtectedBranchRoutes(
  app: FastifyInstance,
  { projects, protectedBranches }: Pick<Container, 'projects' | 'protectedBranches'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id/protected_branches',
    schema: { params: projectParams, querystring: paginationQuery },
    handler: async (request, reply) => {
      const ctx = await projects.loadProject(apiActor(request), request.params.id, 'admin_project');
      const page = toPage(request.query);
      const { rows, total } = await protectedBranches.list(ctx.project.id, page);
      setPaginationHeaders(request, reply, page, total);
      return rows.map(presentProtectedBranch);
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id/protected_branches/:name',
    schema: { params: ruleParams },
    handler: async (request) => {
      const ctx = await projects.loadProject(apiActor(request), request.params.id, 'admin_project');
      return presentProtectedBranch(await protectedBranches.find(ctx.project.id, request.params.name));
    },
  });

  api.route({
    method: 'POST',
    url: '/api/v4/projects/:id/protected_branches',
    schema: { params: projectParams, body: protectBranchBodySchema },
    handler: async (request, reply) => {
      const input = request.body;
      const ctx = await projects.loadProject(apiActor(request), request.params.id, 'admin_project');
      const row = await protectedBranches.protect(ctx.project.id, input);
      return reply.status(201).send(presentProtectedBranch(row));
    },
  });

  api.route({
    method: 'PATCH',
    url: '/api/v4/projects/:id/protected_branches/:name',
    schema: { params: ruleParams, body: updateProtectedBranchBodySchema },
    handler: async (request) => {
      const ctx = await projects.loadProject(apiActor(request), request.params.id, 'admin_project');
      return presentProtectedBranch(
        await protectedBranches.update(ctx.project.id, request.params.name, request.body),
      );
    },
  });

  api.route({
    method: 'DELETE',
    url: '/api/v4/projects/:id/protected_branches/:name',
    schema: { params: ruleParams },
    handler: async (request, reply) => {
      const ctx = await projects.loadProject(apiActor(request), request.params.id, 'admin_project');
      await protectedBranches.unprotect(ctx.project.id, request.params.name);
      return reply.status(204).send();
    },
  });
}
