import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createStatusCheckBody,
  mergeRequestStatusCheckSchema,
  statusCheckResponseBody,
  statusCheckResponseSchema,
  statusCheckSchema,
  updateStatusCheckBody,
} from '../../../shared/api/statusChecks';
import type { Container } from '../../container';
import { reader, requireUser } from '../auth/api-auth';
import {
  presentMergeRequestStatusCheck,
  presentStatusCheck,
  presentStatusCheckResponse,
} from './status-checks.presenter';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
const projectParams = z.object({ id: z.string().min(1).max(1000) });
const checkParams = projectParams.extend({ check_id: dbInt });
const mergeRequestParams = projectParams.extend({ merge_request_iid: dbInt });
const retryParams = mergeRequestParams.extend({ status_check_id: dbInt });

const CHECKS = '/api/v4/projects/:id/external_status_checks';
const MR = '/api/v4/projects/:id/merge_requests/:merge_request_iid';

/** GitLab's external status checks API: Maintainers manage the checks, Developers' tokens answer them. */
export function registerStatusCheckRoutes(
  app: FastifyInstance,
  { statusChecks, config }: Pick<Container, 'statusChecks' | 'config'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: CHECKS,
    schema: { params: projectParams, response: { 200: z.array(statusCheckSchema) } },
    handler: async (request) => {
      const actor = requireUser(request, 'api_read');
      return (await statusChecks.list(actor, request.params.id)).map(presentStatusCheck);
    },
  });

  api.route({
    method: 'POST',
    url: CHECKS,
    schema: { params: projectParams, body: createStatusCheckBody, response: { 201: statusCheckSchema } },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const check = await statusChecks.create(actor, request.params.id, request.body);
      return reply.status(201).send(presentStatusCheck(check));
    },
  });

  api.route({
    method: 'PUT',
    url: `${CHECKS}/:check_id`,
    schema: { params: checkParams, body: updateStatusCheckBody, response: { 200: statusCheckSchema } },
    handler: async (request) => {
      const actor = requireUser(request, 'api_write');
      const { id, check_id: checkId } = request.params;
      return presentStatusCheck(await statusChecks.update(actor, id, checkId, request.body));
    },
  });

  api.route({
    method: 'DELETE',
    url: `${CHECKS}/:check_id`,
    schema: { params: checkParams },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      await statusChecks.remove(actor, request.params.id, request.params.check_id);
      return reply.status(204).send();
    },
  });

  api.route({
    method: 'GET',
    url: `${MR}/status_checks`,
    schema: { params: mergeRequestParams, response: { 200: z.array(mergeRequestStatusCheckSchema) } },
    handler: async (request) => {
      const { id, merge_request_iid: iid } = request.params;
      const checks = await statusChecks.forMergeRequest(reader(request), id, iid);
      return checks.map(presentMergeRequestStatusCheck);
    },
  });

  api.route({
    method: 'POST',
    url: `${MR}/status_check_responses`,
    schema: {
      params: mergeRequestParams,
      body: statusCheckResponseBody,
      response: { 201: statusCheckResponseSchema },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const { id, merge_request_iid: iid } = request.params;
      const result = await statusChecks.respond(actor, id, iid, request.body);
      return reply.status(201).send(presentStatusCheckResponse(result, result.fullPath, config));
    },
  });

  api.route({
    method: 'POST',
    url: `${MR}/status_checks/:status_check_id/retry`,
    schema: { params: retryParams },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const { id, merge_request_iid: iid, status_check_id: checkId } = request.params;
      await statusChecks.retry(actor, id, iid, checkId);
      return reply.status(202).send({ message: '202 Accepted' });
    },
  });
}
