import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cicdVariableBody,
  cicdVariableFilterQuery,
  cicdVariableSchema,
  type CicdVariable,
} from '../../../shared/api/variables';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { requireUser } from '../auth/api-auth';
import type { CicdVariableRow, VariableParams } from './ci-variables.service';

const ownerParams = z.object({ id: z.string().min(1).max(1000) });
const keyParams = ownerParams.extend({ key: z.string().min(1).max(1000) });

/** GitLab's Variable entity. */
export function presentVariable(row: CicdVariableRow): CicdVariable {
  return {
    variable_type: row.variableType,
    key: row.key,
    value: row.value,
    hidden: false,
    protected: row.protected,
    masked: row.masked,
    raw: row.raw,
    environment_scope: row.environmentScope,
    description: row.description,
  };
}

const paramsOf = (body: z.output<typeof cicdVariableBody>): VariableParams => ({
  key: body.key,
  value: body.value,
  variableType: body.variable_type,
  protected: body.protected,
  masked: body.masked,
  raw: body.raw,
  environmentScope: body.environment_scope,
  description: body.description,
});

/** `/projects/:id/variables` and `/groups/:id/variables`: list, get, create, update, delete. */
export function registerCiVariableRoutes(
  app: FastifyInstance,
  { ciVariables }: Pick<Container, 'ciVariables'>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const kind of ['project', 'group'] as const) {
    const base = `/api/v4/${kind}s/:id/variables`;

    api.route({
      method: 'GET',
      url: base,
      schema: {
        params: ownerParams,
        querystring: paginationQuery,
        response: { 200: z.array(cicdVariableSchema) },
      },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_read');
        const page = toPage(request.query);
        const { rows, total } = await ciVariables.list(actor, kind, request.params.id, page);
        setPaginationHeaders(request, reply, page, total);
        return rows.map(presentVariable);
      },
    });

    api.route({
      method: 'GET',
      url: `${base}/:key`,
      schema: {
        params: keyParams,
        querystring: cicdVariableFilterQuery,
        response: { 200: cicdVariableSchema },
      },
      handler: async (request) => {
        const actor = requireUser(request, 'api_read');
        const { id, key } = request.params;
        return presentVariable(
          await ciVariables.get(actor, kind, id, key, request.query.filter?.environment_scope),
        );
      },
    });

    api.route({
      method: 'POST',
      url: base,
      schema: { params: ownerParams, body: cicdVariableBody, response: { 201: cicdVariableSchema } },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_write');
        const created = await ciVariables.create(actor, kind, request.params.id, paramsOf(request.body));
        return reply.status(201).send(presentVariable(created));
      },
    });

    api.route({
      method: 'PUT',
      url: `${base}/:key`,
      schema: { params: keyParams, body: cicdVariableBody, response: { 200: cicdVariableSchema } },
      handler: async (request) => {
        const actor = requireUser(request, 'api_write');
        const { id, key } = request.params;
        const { body } = request;
        return presentVariable(
          await ciVariables.update(actor, kind, id, key, body.filter?.environment_scope, {
            ...paramsOf(body),
            key: undefined,
          }),
        );
      },
    });

    api.route({
      method: 'DELETE',
      url: `${base}/:key`,
      schema: { params: keyParams, querystring: cicdVariableFilterQuery },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_write');
        const { id, key } = request.params;
        await ciVariables.remove(actor, kind, id, key, request.query.filter?.environment_scope);
        return reply.status(204).send();
      },
    });
  }
}
