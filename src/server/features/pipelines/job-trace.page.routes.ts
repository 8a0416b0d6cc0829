import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobTraceQuery, jobTraceSchema } from '../../../shared/api/jobTrace';
import type { Container } from '../../container';
import { fullPathOf, pageId, projectPagePrefixes, projectPathFields } from '../../page-paths';

const jobPageParams = z
  .object({ ...projectPathFields, job_id: pageId })
  .transform((params) => ({ fullPath: fullPathOf(params), jobId: params.job_id }));

/**
 * `{project}/-/jobs/{id}/trace.json?state=`: the job page's live log, GitLab's way: each answer
 * says where it ended, and the next asks only for what came after.
 */
export function registerJobTracePageRoutes(
  app: FastifyInstance,
  { ciJobs }: Pick<Container, 'ciJobs'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const prefix of projectPagePrefixes()) {
    api.route({
      method: 'GET',
      url: `${prefix}/-/jobs/:job_id/trace.json`,
      schema: { params: jobPageParams, querystring: jobTraceQuery, response: { 200: jobTraceSchema } },
      handler: async (request, reply) => {
        const { fullPath, jobId } = request.params;
        // A live log changes between two reads of the same address: never from a cache.
        void reply.header('cache-control', 'no-store');
        return ciJobs.traceFrom(request.currentUser, fullPath, jobId, request.query.state);
      },
    });
  }
}
