import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pipelineBasicSchema, pipelineSchema } from '../../../shared/api/pipelines';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { assertScope, requireUser } from '../auth/api-auth';
import { presentPipeline, presentPipelineBasic } from './pipelines.presenter';

const params = z.object({
  id: z.string().min(1).max(1000),
  merge_request_iid: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * GitLab's `GET /projects/:id/merge_requests/:merge_request_iid/pipelines` (the request's pipelines,
 * basic) and `POST` (Run pipeline: a new merge request pipeline, answered 200 as GitLab does).
 */
export function registerMergeRequestPipelineRoutes(
  app: FastifyInstance,
  {
    headPipelines,
    mergeRequestPipelines,
    pipelines,
    config,
  }: Pick<Container, 'headPipelines' | 'mergeRequestPipelines' | 'pipelines' | 'config'>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/api/v4/projects/:id/merge_requests/:merge_request_iid/pipelines',
    schema: {
      params,
      querystring: paginationQuery,
      response: { 200: z.array(pipelineBasicSchema) },
    },
    handler: async (request, reply) => {
      assertScope(request, 'api_read');
      const page = toPage(request.query);
      const { ctx, rows, total } = await headPipelines.ofMergeRequest(
        request.currentUser,
        request.params.id,
        request.params.merge_request_iid,
        page,
      );
      setPaginationHeaders(request, reply, page, total);
      return rows.map((row) => presentPipelineBasic(row, ctx, config));
    },
  });

  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: '/api/v4/projects/:id/merge_requests/:merge_request_iid/pipelines',
    schema: { params, response: { 200: pipelineSchema } },
    handler: async (request) => {
      const actor = requireUser(request, 'api_write');
      const { id, merge_request_iid: iid } = request.params;
      const created = await mergeRequestPipelines.runFromApi(actor, id, iid);
      const { ctx, pipeline } = await pipelines.get(
        actor,
        String(created.ctx.project.id),
        created.pipeline.id,
      );
      return presentPipeline(pipeline, ctx, config);
    },
  });
}
