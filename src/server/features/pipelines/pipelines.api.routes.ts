import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ciLintBody,
  ciLintResponseSchema,
  createPipelineBody,
  jobFiltersOf,
  jobSchema,
  jobScopeQuery,
  pipelineBasicSchema,
  pipelineListQuery,
  pipelineSchema,
  pipelineVariableEntrySchema,
} from '../../../shared/api/pipelines';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { assertScope, requireUser } from '../auth/api-auth';
import { presentJob } from './jobs.presenter';
import { presentPipeline, presentPipelineBasic } from './pipelines.presenter';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
const projectParams = z.object({ id: z.string().min(1).max(1000) });
const pipelineParams = projectParams.extend({ pipeline_id: dbInt });

const PIPELINES = '/api/v4/projects/:id/pipelines';

/** GitLab's pipelines API: list, one pipeline (or a ref's latest), its jobs and variables, create; and CI Lint. */
export function registerPipelineRoutes(
  app: FastifyInstance,
  { pipelines, ciJobs, config, clock }: Pick<Container, 'pipelines' | 'ciJobs' | 'config' | 'clock'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: PIPELINES,
    schema: {
      params: projectParams,
      querystring: pipelineListQuery.extend(paginationQuery.shape),
      response: { 200: z.array(pipelineBasicSchema) },
    },
    handler: async (request, reply) => {
      assertScope(request, 'api_read');
      const page = toPage(request.query);
      const { ctx, records, total } = await pipelines.list(
        request.currentUser,
        request.params.id,
        request.query,
        page,
      );
      setPaginationHeaders(request, reply, page, total);
      return records.map((record) => presentPipelineBasic(record.pipeline, ctx, config));
    },
  });

  api.route({
    method: 'GET',
    url: `${PIPELINES}/latest`,
    schema: {
      params: projectParams,
      querystring: z.object({ ref: z.string().max(1000).optional() }),
      response: { 200: pipelineSchema },
    },
    handler: async (request) => {
      assertScope(request, 'api_read');
      const { ctx, pipeline } = await pipelines.latest(
        request.currentUser,
        request.params.id,
        request.query.ref,
      );
      return presentPipeline(pipeline, ctx, config);
    },
  });

  api.route({
    method: 'GET',
    url: `${PIPELINES}/:pipeline_id`,
    schema: { params: pipelineParams, response: { 200: pipelineSchema } },
    handler: async (request) => {
      assertScope(request, 'api_read');
      const { id, pipeline_id: pipelineId } = request.params;
      const { ctx, pipeline } = await pipelines.get(request.currentUser, id, pipelineId);
      return presentPipeline(pipeline, ctx, config);
    },
  });

  api.route({
    method: 'POST',
    url: '/api/v4/projects/:id/pipeline',
    schema: { params: projectParams, body: createPipelineBody, response: { 201: pipelineSchema } },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const { ctx, pipeline } = await pipelines.createFromApi(actor, request.params.id, request.body);
      return reply.status(201).send(presentPipeline(pipeline, ctx, config));
    },
  });

  api.route({
    method: 'GET',
    url: `${PIPELINES}/:pipeline_id/jobs`,
    schema: {
      params: pipelineParams,
      querystring: jobScopeQuery.extend(paginationQuery.shape),
      response: { 200: z.array(jobSchema) },
    },
    handler: async (request, reply) => {
      assertScope(request, 'api_read');
      const page = toPage(request.query);
      const { id, pipeline_id: pipelineId } = request.params;
      const result = await ciJobs.listForPipeline(
        request.currentUser,
        id,
        pipelineId,
        jobFiltersOf(request.query),
        page,
      );
      setPaginationHeaders(request, reply, page, result.total);
      return result.jobs.map((job) => presentJob(job, result.ctx, config, clock.now()));
    },
  });

  api.route({
    method: 'GET',
    url: `${PIPELINES}/:pipeline_id/variables`,
    schema: { params: pipelineParams, response: { 200: z.array(pipelineVariableEntrySchema) } },
    handler: async (request) => {
      assertScope(request, 'api_read');
      const { id, pipeline_id: pipelineId } = request.params;
      const variables = await pipelines.variables(request.currentUser, id, pipelineId);
      return variables.map(({ key, value, variable_type }) => ({
        key,
        value,
        variable_type: variable_type ?? 'env_var',
      }));
    },
  });

  api.route({
    method: 'POST',
    url: '/api/v4/projects/:id/ci/lint',
    schema: { params: projectParams, body: ciLintBody, response: { 200: ciLintResponseSchema } },
    handler: async (request) => {
      const actor = requireUser(request, 'api_write');
      const result = await pipelines.lint(actor, request.params.id, request.body);
      return { ...result, includes: [] };
    },
  });
}
