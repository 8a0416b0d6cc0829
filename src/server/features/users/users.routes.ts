import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { booleanParam } from '../../../shared/api/params';
import { MIN_PASSWORD_LENGTH } from '../../../shared/access/credentials';
import { userBasicSchema, userDetailsSchema, userSchema } from '../../../shared/api/users';
import { can } from '../../auth/permissions';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { ForbiddenError } from '../../errors';
import { apiActor, requireUser } from '../auth/api-auth';
import { presentUser, presentUserBasic, presentUserDetails } from './user.presenter';

const userIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const listQuery = paginationQuery.extend({
  username: z.string().max(255).optional(),
  search: z.string().max(255).optional(),
  active: booleanParam.optional(),
  blocked: booleanParam.optional(),
});

const createBody = z.object({
  username: z.string().trim().min(1).max(255),
  name: z.string().trim().min(1).max(255),
  email: z.string().trim().email().max(255),
  password: z.string().min(MIN_PASSWORD_LENGTH).max(128).optional(),
  force_random_password: booleanParam.optional(),
  reset_password: booleanParam.optional(),
  admin: booleanParam.optional(),
});

/** GitLab's users API: `/user`, `/users`, `/users/:id`, and account creation and blocking for administrators. */
export function registerUserRoutes(
  app: FastifyInstance,
  { users, config }: Pick<Container, 'users' | 'config'>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const isAdmin = (actor: Parameters<typeof can>[0]) => can(actor, 'admin_instance', { type: 'instance' });

  r.route({
    method: 'GET',
    url: '/api/v4/user',
    // `read_user` reads the user API as well as `read_api`, as on GitLab.
    config: { tokenScope: 'user_read' },
    schema: { response: { 200: userDetailsSchema } },
    handler: async (request) => {
      const actor = requireUser(request, 'user_read');
      const { user, namespaceId } = await users.getUser(actor.id);
      return presentUserDetails(user, namespaceId, config);
    },
  });

  r.route({
    method: 'GET',
    url: '/api/v4/users',
    // `read_user` reads the user API as well as `read_api`, as on GitLab.
    config: { tokenScope: 'user_read' },
    schema: {
      querystring: listQuery,
      response: { 200: z.union([z.array(userDetailsSchema), z.array(userBasicSchema)]) },
    },
    handler: async (request, reply) => {
      // Anyone may list users' public names, as on GitLab; administrators see every field.
      const admin = isAdmin(apiActor(request, 'user_read'));
      const { username, search, active, blocked } = request.query;
      const page = toPage(request.query);
      const state = active ? 'active' : blocked ? 'blocked' : undefined;
      const { rows, total } = await users.findUsers({ username, search, state, searchEmail: admin }, page);
      setPaginationHeaders(request, reply, page, total);
      return admin
        ? rows.map((row) => presentUserDetails(row.user, row.namespaceId, config))
        : rows.map((row) => presentUserBasic(row.user, config));
    },
  });

  r.route({
    method: 'GET',
    url: '/api/v4/users/:id',
    // `read_user` reads the user API as well as `read_api`, as on GitLab.
    config: { tokenScope: 'user_read' },
    schema: { params: userIdParams, response: { 200: z.union([userDetailsSchema, userSchema]) } },
    handler: async (request) => {
      const actor = apiActor(request, 'user_read');
      const { user, namespaceId } = await users.getUser(request.params.id);
      return isAdmin(actor) ? presentUserDetails(user, namespaceId, config) : presentUser(user, config);
    },
  });

  r.route({
    method: 'POST',
    url: '/api/v4/users',
    schema: { body: createBody, response: { 201: userDetailsSchema } },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      if (!can(actor, 'create_user', { type: 'instance' })) throw new ForbiddenError();
      const { force_random_password, reset_password, admin, ...account } = request.body;
      const { user, namespaceId } = await users.createUserAsAdmin({
        ...account,
        admin: admin ?? false,
        // Without mail, a reset link cannot be sent: both leave the account without a usable password.
        force_random_password: force_random_password === true || reset_password === true,
      });
      return reply.status(201).send(presentUserDetails(user, namespaceId, config));
    },
  });

  for (const [action, state] of [
    ['block', 'blocked'],
    ['unblock', 'active'],
  ] as const) {
    r.route({
      method: 'POST',
      url: `/api/v4/users/:id/${action}`,
      schema: { params: userIdParams, response: { 201: z.literal(true) } },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_write');
        if (!isAdmin(actor)) throw new ForbiddenError();
        await users.setState(request.params.id, state);
        return reply.status(201).send(true);
      },
    });
  }
}
