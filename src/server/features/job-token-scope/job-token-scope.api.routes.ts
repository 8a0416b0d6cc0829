import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { booleanParam } from '../../../shared/api/params';
import { idOrPathParam, simpleProjectSchema } from '../../../shared/api/projects';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { requireUser } from '../auth/api-auth';
import { presentSimpleProject } from '../projects/projects.presenter';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
const idParams = z.object({ id: idOrPathParam });
const SCOPE = '/api/v4/projects/:id/job_token_scope';

/**
 * GitLab's CI/CD job token scope API: the inbound limit (`GET`/`PATCH` with `enabled`) and the
 * inbound allowlist of projects whose job tokens may reach this one. Maintainers only.
 */
export function registerJobTokenScopeRoutes(
  app: FastifyInstance,
  { jobTokenScope, config }: Pick<Container, 'jobTokenScope' | 'config'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    SCOPE,
    {
      schema: {
        params: idParams,
        response: { 200: z.object({ inbound_enabled: z.boolean(), outbound_enabled: z.boolean() }) },
      },
    },
    async (request) => jobTokenScope.settings(requireUser(request, 'api_read'), request.params.id),
  );

  api.patch(
    SCOPE,
    { schema: { params: idParams, body: z.object({ enabled: booleanParam }) } },
    async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      await jobTokenScope.setInboundEnabled(actor, request.params.id, request.body.enabled);
      return reply.status(204).send();
    },
  );

  api.get(
    `${SCOPE}/allowlist`,
    {
      schema: {
        params: idParams,
        querystring: paginationQuery,
        response: { 200: z.array(simpleProjectSchema) },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request, 'api_read');
      const page = toPage(request.query);
      const { views, total } = await jobTokenScope.allowlist(actor, request.params.id, page);
      setPaginationHeaders(request, reply, page, total);
      return views.map((view) => presentSimpleProject(view, config));
    },
  );

  api.post(
    `${SCOPE}/allowlist`,
    {
      schema: {
        params: idParams,
        body: z.object({ target_project_id: dbInt }),
        response: { 201: z.object({ source_project_id: z.number(), target_project_id: z.number() }) },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const link = await jobTokenScope.addToAllowlist(
        actor,
        request.params.id,
        request.body.target_project_id,
      );
      return reply.status(201).send(link);
    },
  );

  api.delete(
    `${SCOPE}/allowlist/:target_project_id`,
    { schema: { params: idParams.extend({ target_project_id: dbInt }) } },
    async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      await jobTokenScope.removeFromAllowlist(actor, request.params.id, request.params.target_project_id);
      return reply.status(204).send();
    },
  );
}
