import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { booleanParam } from '../../../shared/api/params';
import {
  createPersonalAccessTokenSchema,
  newPersonalAccessTokenSchema,
  personalAccessTokenSchema,
} from '../../../shared/api/accessTokens';
import { can } from '../../auth/permissions';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { ForbiddenError, NotFoundError } from '../../errors';
import { requireUser } from '../auth/api-auth';
import { presentNewPersonalAccessToken, presentPersonalAccessToken } from './access-token.presenter';

const MAX_ID = 2_147_483_647;
const id = z.coerce.number().int().positive().max(MAX_ID);
const tokenIdParams = z.object({ id: z.union([z.literal('self'), id]) });

const listQuery = paginationQuery.extend({
  user_id: id.optional(),
  state: z.enum(['active', 'inactive']).optional(),
  revoked: booleanParam.optional(),
  search: z.string().max(255).optional(),
});

/** Any token may read or revoke itself, whatever its scopes, as on GitLab. */
const anyTokenForSelf = (request: FastifyRequest) =>
  (request.params as { id?: unknown }).id === 'self' ? ('any_scope' as const) : undefined;

/** `self` names the token the request is made with. */
function tokenIdOf(request: FastifyRequest, param: number | 'self'): number {
  if (param !== 'self') return param;
  if (request.auth.method !== 'token') throw new NotFoundError();
  return request.auth.tokenId;
}

/** GitLab's personal access token API, also what the token settings page uses. */
export function registerAccessTokenRoutes(
  app: FastifyInstance,
  { accessTokens }: Pick<Container, 'accessTokens'>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    method: 'GET',
    url: '/api/v4/personal_access_tokens',
    schema: { querystring: listQuery, response: { 200: z.array(personalAccessTokenSchema) } },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_read');
      const page = toPage(request.query);
      const { user_id: userId, state, revoked, search } = request.query;
      const { rows, total } = await accessTokens.listTokens(actor, { userId, state, revoked, search }, page);
      setPaginationHeaders(request, reply, page, total);
      const today = accessTokens.today();
      return rows.map((row) => presentPersonalAccessToken(row, today));
    },
  });

  r.route({
    method: 'GET',
    url: '/api/v4/personal_access_tokens/:id',
    config: { tokenScope: anyTokenForSelf },
    schema: { params: tokenIdParams, response: { 200: personalAccessTokenSchema } },
    handler: async (request) => {
      // Any token may read itself; reading others' tokens needs a read scope.
      const actor = requireUser(request, request.params.id === 'self' ? null : 'api_read');
      const row = await accessTokens.getToken(actor, tokenIdOf(request, request.params.id));
      return presentPersonalAccessToken(row, accessTokens.today());
    },
  });

  r.route({
    method: 'DELETE',
    url: '/api/v4/personal_access_tokens/:id',
    config: { tokenScope: anyTokenForSelf },
    schema: { params: tokenIdParams },
    handler: async (request, reply) => {
      // Any token may revoke itself, as on GitLab.
      const actor = requireUser(request, request.params.id === 'self' ? null : 'api_write');
      await accessTokens.revokePersonalToken(actor, tokenIdOf(request, request.params.id));
      return reply.status(204).send();
    },
  });

  for (const url of ['/api/v4/personal_access_tokens', '/api/v4/user/personal_access_tokens']) {
    r.route({
      method: 'POST',
      url,
      schema: { body: createPersonalAccessTokenSchema, response: { 201: newPersonalAccessTokenSchema } },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_write');
        const { row, token } = await accessTokens.createPersonalToken(actor, actor.id, request.body);
        return reply.status(201).send(presentNewPersonalAccessToken(row, token, accessTokens.today()));
      },
    });
  }

  r.route({
    method: 'POST',
    url: '/api/v4/users/:user_id/personal_access_tokens',
    schema: {
      params: z.object({ user_id: id }),
      body: createPersonalAccessTokenSchema,
      response: { 201: newPersonalAccessTokenSchema },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      if (!can(actor, 'admin_instance', { type: 'instance' })) throw new ForbiddenError();
      const { row, token } = await accessTokens.createPersonalToken(
        actor,
        request.params.user_id,
        request.body,
      );
      return reply.status(201).send(presentNewPersonalAccessToken(row, token, accessTokens.today()));
    },
  });
}
