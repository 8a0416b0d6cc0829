import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  jobFiltersOf,
  jobSchema,
  jobScopeQuery,
  runnerJobSchema,
  runnerJobsQuery,
} from '../../../shared/api/pipelines';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { NotFoundError } from '../../errors';
import { assertScope, requireUser } from '../auth/api-auth';
import { presentJob } from './jobs.presenter';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
const projectParams = z.object({ id: z.string().min(1).max(1000) });
const jobParams = projectParams.extend({ job_id: dbInt });

const JOBS = '/api/v4/projects/:id/jobs';

/** GitLab's jobs API: a project's jobs, one job, its raw log, cancel; the job of a job token. */
export function registerJobRoutes(
  app: FastifyInstance,
  { ciJobs, config, clock }: Pick<Container, 'ciJobs' | 'config' | 'clock'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: JOBS,
    schema: {
      params: projectParams,
      querystring: jobScopeQuery.extend(paginationQuery.shape),
      response: { 200: z.array(jobSchema) },
    },
    handler: async (request, reply) => {
      assertScope(request, 'api_read');
      const page = toPage(request.query);
      const result = await ciJobs.listForProject(
        request.currentUser,
        request.params.id,
        jobFiltersOf(request.query),
        page,
      );
      setPaginationHeaders(request, reply, page, result.total);
      return result.jobs.map((job) => presentJob(job, result.ctx, config, clock.now()));
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/runners/:runner_id/jobs',
    schema: {
      params: z.object({ runner_id: dbInt }),
      querystring: runnerJobsQuery.extend(paginationQuery.shape),
      response: { 200: z.array(runnerJobSchema) },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_read');
      const page = toPage(request.query);
      const statuses = request.query.status ? [request.query.status] : undefined;
      const result = await ciJobs.listForRunner(actor, request.params.runner_id, statuses, page);
      setPaginationHeaders(request, reply, page, result.total);
      return result.jobs.map(({ ctx, job }) => ({
        ...presentJob(job, ctx, config, clock.now()),
        project: {
          id: ctx.project.id,
          name: ctx.project.name,
          name_with_namespace: `${ctx.namespace.name} / ${ctx.project.name}`,
          path: ctx.project.path,
          path_with_namespace: ctx.fullPath,
        },
      }));
    },
  });

  api.route({
    method: 'GET',
    url: `${JOBS}/:job_id`,
    schema: { params: jobParams, response: { 200: jobSchema } },
    handler: async (request) => {
      assertScope(request, 'api_read');
      const { ctx, job } = await ciJobs.get(request.currentUser, request.params.id, request.params.job_id);
      return presentJob(job, ctx, config, clock.now());
    },
  });

  // The job a CI job token belongs to; any other credentials have no job (GitLab's 404 Job Not Found).
  api.route({
    method: 'GET',
    url: '/api/v4/job',
    config: { jobTokenAllowed: true },
    schema: { response: { 200: jobSchema } },
    handler: async (request) => {
      const actor = requireUser(request, 'api_read');
      const { auth } = request;
      if (auth.method !== 'job_token') throw new NotFoundError('Job');
      const { ctx, job } = await ciJobs.get(actor, String(auth.projectId), auth.jobId);
      return presentJob(job, ctx, config, clock.now());
    },
  });

  api.route({
    method: 'GET',
    url: `${JOBS}/:job_id/trace`,
    schema: { params: jobParams },
    handler: async (request, reply) => {
      assertScope(request, 'api_read');
      const log = await ciJobs.trace(request.currentUser, request.params.id, request.params.job_id);
      return reply.type('text/plain; charset=utf-8').send(log);
    },
  });

  api.route({
    method: 'POST',
    url: `${JOBS}/:job_id/cancel`,
    schema: { params: jobParams, response: { 201: jobSchema } },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const { ctx, job } = await ciJobs.cancel(actor, request.params.id, request.params.job_id);
      return reply.status(201).send(presentJob(job, ctx, config, clock.now()));
    },
  });
}
