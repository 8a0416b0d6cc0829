import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createUserRunnerBody,
  registerRunnerBody,
  registrationTokenSchema,
  runnerRegistrationDetailsSchema,
  runnerTokenBody,
} from '../../../shared/api/runners';
import type { Container } from '../../container';
import { ForbiddenError } from '../../errors';
import { requireUser } from '../auth/api-auth';
import { presentRegistrationDetails } from './runners.presenter';
import { detailsOf, type RunnersService } from './runners.service';

/** gitlab-runner sends its token in the body; newer versions also in RUNNER-TOKEN. */
export function runnerTokenOf(
  request: FastifyRequest,
  body: { token?: string } | undefined,
): string | undefined {
  const header = request.headers['runner-token'];
  return body?.token ?? (typeof header === 'string' ? header : undefined);
}

/** The runner a request authenticates as; 403 (GitLab's `forbidden!`) for an unknown token. */
export async function requireRunner(
  runners: Pick<RunnersService, 'authenticate'>,
  request: FastifyRequest,
  body: { token?: string } | undefined,
) {
  const runner = await runners.authenticate(runnerTokenOf(request, body));
  if (!runner) throw new ForbiddenError();
  return runner;
}

const projectParams = z.object({ id: z.string().min(1).max(1000) });

/**
 * Runners as GitLab Runner registers them (`POST /runners`, `verify`, `DELETE /runners`), and as
 * signed-in users create them (`POST /user/runners`); registration tokens are reset to be shown once.
 */
export function registerRunnerRoutes(app: FastifyInstance, { runners }: Pick<Container, 'runners'>): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'POST',
    url: '/api/v4/user/runners',
    schema: { body: createUserRunnerBody, response: { 201: runnerRegistrationDetailsSchema } },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const { runner, token } = await runners.createForUser(actor, request.body);
      return reply.status(201).send(presentRegistrationDetails(runner, token));
    },
  });

  api.route({
    method: 'POST',
    url: '/api/v4/runners',
    schema: { body: registerRunnerBody, response: { 201: runnerRegistrationDetailsSchema } },
    handler: async (request, reply) => {
      const { runner, token } = await runners.register(request.body, request.ip);
      return reply.status(201).send(presentRegistrationDetails(runner, token));
    },
  });

  api.route({
    method: 'POST',
    url: '/api/v4/runners/verify',
    schema: { body: runnerTokenBody, response: { 200: runnerRegistrationDetailsSchema } },
    handler: async (request) => {
      const runner = await requireRunner(runners, request, request.body);
      await runners.heartbeat(runner.id, detailsOf(request.body.info, request.ip));
      return presentRegistrationDetails(runner, runnerTokenOf(request, request.body)!);
    },
  });

  api.route({
    method: 'DELETE',
    url: '/api/v4/runners',
    schema: { body: runnerTokenBody },
    handler: async (request, reply) => {
      const runner = await requireRunner(runners, request, request.body);
      await runners.unregister(runner);
      return reply.status(204).send();
    },
  });

  api.route({
    method: 'POST',
    url: '/api/v4/runners/reset_registration_token',
    schema: { response: { 201: registrationTokenSchema } },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const token = await runners.resetRegistrationToken(actor, null);
      return reply.status(201).send({ token, token_expires_at: null });
    },
  });

  api.route({
    method: 'POST',
    url: '/api/v4/projects/:id/runners/reset_registration_token',
    schema: { params: projectParams, response: { 201: registrationTokenSchema } },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const token = await runners.resetRegistrationToken(actor, request.params.id);
      return reply.status(201).send({ token, token_expires_at: null });
    },
  });
}
