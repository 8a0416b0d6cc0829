import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { downloadableArtifactsSchema, stageJobsSchema, stageQuery } from '../../../shared/api/pipelinePages';
import type { Container } from '../../container';
import { fullPathOf, pageId, projectPagePrefixes, projectPathFields } from '../../page-paths';
import { requireUser } from '../auth/api-auth';
import { withEtag } from './page-etag';

const pipelineParams = z
  .object({ ...projectPathFields, pipeline_id: pageId })
  .transform((params) => ({ fullPath: fullPathOf(params), pipelineId: params.pipeline_id }));
const jobParams = z
  .object({ ...projectPathFields, job_id: pageId })
  .transform((params) => ({ fullPath: fullPathOf(params), jobId: params.job_id }));

/**
 * The mini graph's dropdowns at GitLab's addresses: a stage's jobs
 * (`{project}/-/pipelines/{id}/stage.json?stage=test`, polled with its ETag while open), the
 * pipeline's artifacts (`downloadable_artifacts.json`), and the job actions the detailed statuses'
 * paths name (`POST {project}/-/jobs/{id}/play|retry|cancel|unschedule`), each answering the job
 * it leaves (a retry: the new one).
 */
export function registerPipelineDropdownRoutes(
  app: FastifyInstance,
  { pipelineDropdowns, jobActions, ciJobs }: Pick<Container, 'pipelineDropdowns' | 'jobActions' | 'ciJobs'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const prefix of projectPagePrefixes()) {
    api.route({
      method: 'GET',
      url: `${prefix}/-/pipelines/:pipeline_id/stage.json`,
      schema: { params: pipelineParams, querystring: stageQuery, response: { 200: stageJobsSchema } },
      handler: async (request, reply) => {
        const { fullPath, pipelineId } = request.params;
        const stage = await pipelineDropdowns.stageJobs(
          request.currentUser,
          fullPath,
          pipelineId,
          request.query.stage,
        );
        return withEtag(request, reply, stage);
      },
    });

    api.route({
      method: 'GET',
      url: `${prefix}/-/pipelines/:pipeline_id/downloadable_artifacts.json`,
      schema: { params: pipelineParams, response: { 200: downloadableArtifactsSchema } },
      handler: async (request) => {
        const { fullPath, pipelineId } = request.params;
        return pipelineDropdowns.downloadableArtifacts(request.currentUser, fullPath, pipelineId);
      },
    });

    for (const action of ['play', 'retry', 'cancel', 'unschedule'] as const)
      api.route({
        method: 'POST',
        url: `${prefix}/-/jobs/:job_id/${action}`,
        schema: { params: jobParams, response: { 200: z.object({ id: z.number().int() }) } },
        handler: async (request) => {
          const actor = requireUser(request, 'api_write');
          const { fullPath, jobId } = request.params;
          if (action === 'cancel') return { id: (await ciJobs.cancel(actor, fullPath, jobId)).job.build.id };
          return { id: await jobActions[action](actor, fullPath, jobId) };
        },
      });
  }
}
