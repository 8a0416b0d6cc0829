import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobSchema, pipelineSchema } from '../../../shared/api/pipelines';
import type { Container } from '../../container';
import { requireUser } from '../auth/api-auth';
import { presentJob } from './jobs.presenter';
import { presentPipeline } from './pipelines.presenter';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
const projectParams = z.object({ id: z.string().min(1).max(1000) });
const jobParams = projectParams.extend({ job_id: dbInt });
const pipelineParams = projectParams.extend({ pipeline_id: dbInt });

const playBody = z
  .object({
    job_variables_attributes: z
      .array(z.object({ key: z.string().min(1).max(255), value: z.string().max(10_000) }))
      .max(200)
      .optional(),
  })
  .optional();

const JOBS = '/api/v4/projects/:id/jobs/:job_id';
const PIPELINES = '/api/v4/projects/:id/pipelines/:pipeline_id';

/**
 * GitLab's job and pipeline actions: play (200), retry, erase (201) a job; retry and cancel
 * (201) or delete (204) a pipeline. Each answers the job or pipeline as it is afterwards.
 */
export function registerJobActionRoutes(
  app: FastifyInstance,
  {
    jobActions,
    ciJobs,
    pipelines,
    config,
    clock,
  }: Pick<Container, 'jobActions' | 'ciJobs' | 'pipelines' | 'config' | 'clock'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function jobAnswer(actor: Parameters<typeof ciJobs.get>[0], projectRef: string, jobId: number) {
    const { ctx, job } = await ciJobs.get(actor, projectRef, jobId);
    return presentJob(job, ctx, config, clock.now());
  }

  api.route({
    method: 'POST',
    url: `${JOBS}/play`,
    schema: { params: jobParams, body: playBody, response: { 200: jobSchema } },
    handler: async (request) => {
      const actor = requireUser(request, 'api_write');
      const { id, job_id: jobId } = request.params;
      const played = await jobActions.play(actor, id, jobId, request.body?.job_variables_attributes);
      return jobAnswer(actor, id, played);
    },
  });

  for (const action of ['retry', 'erase'] as const)
    api.route({
      method: 'POST',
      url: `${JOBS}/${action}`,
      schema: { params: jobParams, response: { 201: jobSchema } },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_write');
        const { id, job_id: jobId } = request.params;
        const answered = await jobActions[action](actor, id, jobId);
        return reply.status(201).send(await jobAnswer(actor, id, answered));
      },
    });

  for (const action of ['retry', 'cancel'] as const)
    api.route({
      method: 'POST',
      url: `${PIPELINES}/${action}`,
      schema: { params: pipelineParams, response: { 201: pipelineSchema } },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_write');
        const { id, pipeline_id: pipelineId } = request.params;
        await (action === 'retry' ? jobActions.retryPipeline : jobActions.cancelPipeline)(
          actor,
          id,
          pipelineId,
        );
        const { ctx, pipeline } = await pipelines.get(actor, id, pipelineId);
        return reply.status(201).send(presentPipeline(pipeline, ctx, config));
      },
    });

  api.route({
    method: 'DELETE',
    url: PIPELINES,
    schema: { params: pipelineParams },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      await jobActions.destroyPipeline(actor, request.params.id, request.params.pipeline_id);
      return reply.status(204).send();
    },
  });
}
