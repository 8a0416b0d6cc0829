import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPipelineScheduleBody,
  createScheduleVariableBody,
  pipelineScheduleDetailsSchema,
  pipelineScheduleListQuery,
  pipelineScheduleSchema,
  pipelineScheduleVariableSchema,
  updatePipelineScheduleBody,
  updateScheduleVariableBody,
} from '../../../shared/api/pipelineSchedules';
import { pipelineBasicSchema } from '../../../shared/api/pipelines';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { requireUser } from '../auth/api-auth';
import { presentPipelineBasic } from '../pipelines/pipelines.presenter';
import {
  presentSchedule,
  presentScheduleDetails,
  presentScheduleVariable,
} from './pipeline-schedules.presenter';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
const projectParams = z.object({ id: z.string().min(1).max(1000) });
const scheduleParams = projectParams.extend({ schedule_id: dbInt });
const variableParams = scheduleParams.extend({ key: z.string().min(1).max(255) });

const SCHEDULES = '/api/v4/projects/:id/pipeline_schedules';
const ONE = `${SCHEDULES}/:schedule_id`;

/** GitLab's pipeline schedules API: schedules, their variables, ownership, play and pipelines. */
export function registerPipelineScheduleRoutes(
  app: FastifyInstance,
  { pipelineSchedules: schedules, config }: Pick<Container, 'pipelineSchedules' | 'config'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: SCHEDULES,
    schema: {
      params: projectParams,
      querystring: pipelineScheduleListQuery.extend(paginationQuery.shape),
      response: { 200: z.array(pipelineScheduleSchema) },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_read');
      const page = toPage(request.query);
      const { records, total } = await schedules.list(actor, request.params.id, request.query.scope, page);
      setPaginationHeaders(request, reply, page, total);
      return records.map((record) => presentSchedule(record, config));
    },
  });

  api.route({
    method: 'GET',
    url: ONE,
    schema: { params: scheduleParams, response: { 200: pipelineScheduleDetailsSchema } },
    handler: async (request) => {
      const actor = requireUser(request, 'api_read');
      const { ctx, schedule } = await schedules.get(actor, request.params.id, request.params.schedule_id);
      return presentScheduleDetails(schedule, ctx, config);
    },
  });

  api.route({
    method: 'POST',
    url: SCHEDULES,
    schema: {
      params: projectParams,
      body: createPipelineScheduleBody,
      response: { 201: pipelineScheduleDetailsSchema },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const { ctx, schedule } = await schedules.create(actor, request.params.id, request.body);
      return reply.status(201).send(presentScheduleDetails(schedule, ctx, config));
    },
  });

  api.route({
    method: 'PUT',
    url: ONE,
    schema: {
      params: scheduleParams,
      body: updatePipelineScheduleBody,
      response: { 200: pipelineScheduleDetailsSchema },
    },
    handler: async (request) => {
      const actor = requireUser(request, 'api_write');
      const { id, schedule_id: scheduleId } = request.params;
      const { ctx, schedule } = await schedules.update(actor, id, scheduleId, request.body);
      return presentScheduleDetails(schedule, ctx, config);
    },
  });

  api.route({
    method: 'POST',
    url: `${ONE}/take_ownership`,
    schema: { params: scheduleParams, response: { 201: pipelineScheduleDetailsSchema } },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const { id, schedule_id: scheduleId } = request.params;
      const { ctx, schedule } = await schedules.takeOwnership(actor, id, scheduleId);
      return reply.status(201).send(presentScheduleDetails(schedule, ctx, config));
    },
  });

  api.route({
    method: 'DELETE',
    url: ONE,
    schema: { params: scheduleParams },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      await schedules.remove(actor, request.params.id, request.params.schedule_id);
      return reply.status(204).send();
    },
  });

  api.route({
    method: 'POST',
    url: `${ONE}/play`,
    schema: { params: scheduleParams, response: { 201: z.object({ message: z.string() }) } },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      await schedules.play(actor, request.params.id, request.params.schedule_id);
      return reply.status(201).send({ message: '201 Created' });
    },
  });

  api.route({
    method: 'GET',
    url: `${ONE}/pipelines`,
    schema: {
      params: scheduleParams,
      querystring: paginationQuery.extend({ sort: z.enum(['asc', 'desc']).default('asc') }),
      response: { 200: z.array(pipelineBasicSchema) },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_read');
      const page = toPage(request.query);
      const { id, schedule_id: scheduleId } = request.params;
      const { ctx, records, total } = await schedules.pipelinesOf(
        actor,
        id,
        scheduleId,
        page,
        request.query.sort,
      );
      setPaginationHeaders(request, reply, page, total);
      return records.map((record) => presentPipelineBasic(record.pipeline, ctx, config));
    },
  });

  api.route({
    method: 'POST',
    url: `${ONE}/variables`,
    schema: {
      params: scheduleParams,
      body: createScheduleVariableBody,
      response: { 201: pipelineScheduleVariableSchema },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const { id, schedule_id: scheduleId } = request.params;
      const variable = await schedules.createVariable(actor, id, scheduleId, request.body);
      return reply.status(201).send(presentScheduleVariable(variable));
    },
  });

  api.route({
    method: 'PUT',
    url: `${ONE}/variables/:key`,
    schema: {
      params: variableParams,
      body: updateScheduleVariableBody,
      response: { 200: pipelineScheduleVariableSchema },
    },
    handler: async (request) => {
      const actor = requireUser(request, 'api_write');
      const { id, schedule_id: scheduleId, key } = request.params;
      return presentScheduleVariable(
        await schedules.updateVariable(actor, id, scheduleId, key, request.body),
      );
    },
  });

  api.route({
    method: 'DELETE',
    url: `${ONE}/variables/:key`,
    schema: { params: variableParams, response: { 202: pipelineScheduleVariableSchema } },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const { id, schedule_id: scheduleId, key } = request.params;
      const variable = await schedules.removeVariable(actor, id, scheduleId, key);
      return reply.status(202).send(presentScheduleVariable(variable));
    },
  });
}
