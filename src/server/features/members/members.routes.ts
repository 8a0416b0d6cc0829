import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addMemberBody, listMembersQuery, memberSchema, updateMemberBody } from '../../../shared/api/members';
import { idOrPathParam } from '../../../shared/api/projects';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { presentMember } from './members.presenter';
import { apiActor, requireUser } from '../auth/api-auth';

const sourceParams = z.object({ id: idOrPathParam });
const memberParams = sourceParams.extend({
  user_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** The same member endpoints under `/projects/:id` and `/groups/:id`, as GitLab has them. */
export function registerMemberRoutes(
  app: FastifyInstance,
  { members, config }: Pick<Container, 'members' | 'config'>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const kind of ['project', 'group'] as const) {
    const base = `/api/v4/${kind}s/:id/members`;

    for (const all of [false, true]) {
      api.route({
        method: 'GET',
        url: all ? `${base}/all` : base,
        schema: {
          params: sourceParams,
          querystring: listMembersQuery.extend(paginationQuery.shape),
          response: { 200: z.array(memberSchema) },
        },
        handler: async (request, reply) => {
          const page = toPage(request.query);
          const { rows, total } = await members.listMembers(
            apiActor(request),
            { kind, ref: request.params.id },
            { all, query: request.query.query, page },
          );
          setPaginationHeaders(request, reply, page, total);
          return rows.map((row) => presentMember(row, config));
        },
      });

      api.route({
        method: 'GET',
        url: all ? `${base}/all/:user_id` : `${base}/:user_id`,
        schema: { params: memberParams, response: { 200: memberSchema } },
        handler: async (request) => {
          const { id, user_id } = request.params;
          const member = await members.getMember(apiActor(request), { kind, ref: id }, user_id, { all });
          return presentMember(member, config);
        },
      });
    }

    api.route({
      method: 'POST',
      url: base,
      schema: { params: sourceParams, body: addMemberBody, response: { 201: memberSchema } },
      handler: async (request, reply) => {
        const of = { kind, ref: request.params.id };
        const member = await members.addMember(requireUser(request), of, request.body);
        return reply.status(201).send(presentMember(member, config));
      },
    });

    api.route({
      method: 'PUT',
      url: `${base}/:user_id`,
      schema: { params: memberParams, body: updateMemberBody, response: { 200: memberSchema } },
      handler: async (request) => {
        const { id, user_id } = request.params;
        const member = await members.updateMember(
          requireUser(request),
          { kind, ref: id },
          user_id,
          request.body,
        );
        return presentMember(member, config);
      },
    });

    api.route({
      method: 'DELETE',
      url: `${base}/:user_id`,
      schema: { params: memberParams },
      handler: async (request, reply) => {
        const { id, user_id } = request.params;
        await members.removeMember(requireUser(request), { kind, ref: id }, user_id);
        return reply.status(204).send();
      },
    });
  }
}
