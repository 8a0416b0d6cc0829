import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bridgeSchema, jobFiltersOf, jobScopeQuery, type Bridge } from '../../../shared/api/pipelines';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { assertScope } from '../auth/api-auth';
import { presentJob } from './jobs.presenter';
import { presentPipelineBasic } from './pipelines.presenter';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
const pipelineParams = z.object({ id: z.string().min(1).max(1000), pipeline_id: dbInt });

/** GitLab's `GET /projects/:id/pipelines/:pipeline_id/bridges` (`scope[]` filters by status). */
export function registerBridgeRoutes(
  app: FastifyInstance,
  { bridges, config, clock }: Pick<Container, 'bridges' | 'config' | 'clock'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id/pipelines/:pipeline_id/bridges',
    schema: {
      params: pipelineParams,
      querystring: jobScopeQuery.extend(paginationQuery.shape),
      response: { 200: z.array(bridgeSchema) },
    },
    handler: async (request, reply) => {
      assertScope(request, 'api_read');
      const page = toPage(request.query);
      const result = await bridges.listForPipeline(
        request.currentUser,
        request.params.id,
        request.params.pipeline_id,
        { scope: jobFiltersOf(request.query).scope },
        page,
      );
      setPaginationHeaders(request, reply, page, result.total);
      return result.bridges.map(({ job, downstream }): Bridge => ({
        ...presentJob(job, result.ctx, config, clock.now()),
        downstream_pipeline: downstream
          ? presentPipelineBasic(downstream.pipeline, downstream.project, config)
          : null,
      }));
    },
  });
}
