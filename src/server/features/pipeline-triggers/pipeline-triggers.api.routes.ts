import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pipelineTriggerBody,
  pipelineTriggerSchema,
  triggerPipelineBody,
  updatePipelineTriggerBody,
  type PipelineTrigger,
} from '../../../shared/api/pipelineTriggers';
import { pipelineSchema } from '../../../shared/api/pipelines';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Config } from '../../config';
import type { Container } from '../../container';
import { requireUser } from '../auth/api-auth';
import { presentPipeline } from '../pipelines/pipelines.presenter';
import { presentUserBasic } from '../users/user.presenter';
import type { TriggerView } from './pipeline-triggers.service';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
const projectParams = z.object({ id: z.string().min(1).max(1000) });
const triggerParams = projectParams.extend({ trigger_id: dbInt });

const TRIGGERS = '/api/v4/projects/:id/triggers';

/** GitLab's Trigger entity. */
function presentTrigger(view: TriggerView, config: Pick<Config, 'externalUrl'>): PipelineTrigger {
  const { trigger, owner } = view;
  return {
    id: trigger.id,
    token: view.token,
    description: trigger.description,
    created_at: trigger.createdAt.toISOString(),
    updated_at: trigger.updatedAt.toISOString(),
    last_used: trigger.lastUsed?.toISOString() ?? null,
    owner: owner ? presentUserBasic(owner, config) : null,
  };
}

/** GitLab's pipeline triggers API: trigger tokens, and running a pipeline with one. */
export function registerPipelineTriggerRoutes(
  app: FastifyInstance,
  { pipelineTriggers: triggers, config }: Pick<Container, 'pipelineTriggers' | 'config'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: TRIGGERS,
    schema: {
      params: projectParams,
      querystring: paginationQuery,
      response: { 200: z.array(pipelineTriggerSchema) },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_read');
      const page = toPage(request.query);
      const { records, total } = await triggers.list(actor, request.params.id, page);
      setPaginationHeaders(request, reply, page, total);
      return records.map((record) => presentTrigger(record, config));
    },
  });

  api.route({
    method: 'GET',
    url: `${TRIGGERS}/:trigger_id`,
    schema: { params: triggerParams, response: { 200: pipelineTriggerSchema } },
    handler: async (request) => {
      const actor = requireUser(request, 'api_read');
      return presentTrigger(await triggers.get(actor, request.params.id, request.params.trigger_id), config);
    },
  });

  api.route({
    method: 'POST',
    url: TRIGGERS,
    schema: { params: projectParams, body: pipelineTriggerBody, response: { 201: pipelineTriggerSchema } },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const created = await triggers.create(actor, request.params.id, request.body);
      return reply.status(201).send(presentTrigger(created, config));
    },
  });

  api.route({
    method: 'PUT',
    url: `${TRIGGERS}/:trigger_id`,
    schema: {
      params: triggerParams,
      body: updatePipelineTriggerBody,
      response: { 200: pipelineTriggerSchema },
    },
    handler: async (request) => {
      const actor = requireUser(request, 'api_write');
      const { id, trigger_id: triggerId } = request.params;
      return presentTrigger(await triggers.update(actor, id, triggerId, request.body), config);
    },
  });

  api.route({
    method: 'DELETE',
    url: `${TRIGGERS}/:trigger_id`,
    schema: { params: triggerParams },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      await triggers.remove(actor, request.params.id, request.params.trigger_id);
      return reply.status(204).send();
    },
  });

  // The token in the body is the credential: no session or access token is needed.
  api.route({
    method: 'POST',
    url: '/api/v4/projects/:id/trigger/pipeline',
    schema: { params: projectParams, body: triggerPipelineBody, response: { 201: pipelineSchema } },
    handler: async (request, reply) => {
      const { ctx, pipeline } = await triggers.runPipeline(request.params.id, request.body);
      return reply.status(201).send(presentPipeline(pipeline, ctx, config));
    },
  });
}
