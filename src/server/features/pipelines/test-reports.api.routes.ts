import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { testReportSchema, testReportSummarySchema } from '../../../shared/api/testReports';
import type { Container } from '../../container';
import { assertScope } from '../auth/api-auth';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
const pipelineParams = z.object({ id: z.string().min(1).max(1000), pipeline_id: dbInt });

/** A pipeline's unit test reports in GitLab's shapes, for those who may read the pipeline. */
export function registerTestReportRoutes(
  app: FastifyInstance,
  { testReports }: Pick<Container, 'testReports'>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id/pipelines/:pipeline_id/test_report',
    schema: { params: pipelineParams, response: { 200: testReportSchema } },
    handler: async (request) => {
      assertScope(request, 'api_read');
      return testReports.report(request.currentUser, request.params.id, request.params.pipeline_id);
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id/pipelines/:pipeline_id/test_report_summary',
    schema: { params: pipelineParams, response: { 200: testReportSummarySchema } },
    handler: async (request) => {
      assertScope(request, 'api_read');
      return testReports.summary(request.currentUser, request.params.id, request.params.pipeline_id);
    },
  });
}
