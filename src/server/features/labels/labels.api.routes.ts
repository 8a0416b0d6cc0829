import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createLabelBodySchema,
  labelSchema,
  listLabelsQuerySchema,
  updateGroupLabelBodySchema,
  updateGroupLabelByNameSchema,
  updateProjectLabelBodySchema,
  updateProjectLabelByNameSchema,
} from '../../../shared/api/labels';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Actor } from '../../auth/permissions';
import type { Container } from '../../container';
import { assertScope, requireUser } from '../auth/api-auth';
import { presentLabel } from './labels.presenter';
import type { LabelOwner } from './labels.service';

const ownerParams = z.object({ id: z.string().min(1).max(1000) });
const labelParams = ownerParams.extend({ label_id: z.string().min(1).max(1000) });
const nameParam = z.object({ name: z.string().min(1).max(1000) });

function reader(request: FastifyRequest) {
  assertScope(request, 'api_read');
  return request.currentUser;
}

type OwnerKind = {
  base: string;
  forProject: boolean;
  owner: (actor: Actor, ref: string) => Promise<LabelOwner>;
  updateBody: z.ZodType<UpdateBody>;
  updateByNameBody: z.ZodType<UpdateBody & { name: string }>;
};

type UpdateBody = { new_name?: string; color?: string; description?: string; priority?: number | null };

/** GitLab's Labels API for projects and groups: list, show, create, edit, delete. */
export function registerLabelRoutes(app: FastifyInstance, { labels }: Pick<Container, 'labels'>): void {
  registerOwnerRoutes(app, labels, {
    base: '/api/v4/projects/:id/labels',
    forProject: true,
    owner: labels.projectOwner,
    updateBody: updateProjectLabelBodySchema,
    updateByNameBody: updateProjectLabelByNameSchema,
  });
  registerOwnerRoutes(app, labels, {
    base: '/api/v4/groups/:id/labels',
    forProject: false,
    owner: labels.groupOwner,
    updateBody: updateGroupLabelBodySchema,
    updateByNameBody: updateGroupLabelByNameSchema,
  });
}

function registerOwnerRoutes(app: FastifyInstance, labels: Container['labels'], kind: OwnerKind): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const one = `${kind.base}/:label_id`;
  const present = (row: Parameters<typeof presentLabel>[0]) => presentLabel(row, kind.forProject);

  api.route({
    method: 'GET',
    url: kind.base,
    schema: {
      params: ownerParams,
      querystring: listLabelsQuerySchema.extend(paginationQuery.shape),
      response: { 200: z.array(labelSchema) },
    },
    handler: async (request, reply) => {
      const owner = await kind.owner(reader(request), request.params.id);
      const page = toPage(request.query);
      const { rows, total } = await labels.list(owner, {
        search: request.query.search,
        includeAncestorGroups: request.query.include_ancestor_groups,
        page,
      });
      const counts = request.query.with_counts
        ? await labels.countsOf(request.currentUser, owner, rows)
        : undefined;
      setPaginationHeaders(request, reply, page, total);
      return rows.map((row) => ({ ...present(row), ...counts?.get(row.id) }));
    },
  });

  api.route({
    method: 'GET',
    url: one,
    schema: { params: labelParams, response: { 200: labelSchema } },
    handler: async (request) => {
      const owner = await kind.owner(reader(request), request.params.id);
      return present(await labels.find(owner, request.params.label_id));
    },
  });

  api.route({
    method: 'POST',
    url: kind.base,
    schema: { params: ownerParams, body: createLabelBodySchema, response: { 201: labelSchema } },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const owner = await kind.owner(actor, request.params.id);
      return reply.status(201).send(present(await labels.create(actor, owner, request.body)));
    },
  });

  // GitLab still takes the label by `name` on the collection (deprecated), as python-gitlab 3 sends it.
  for (const deprecated of [false, true]) {
    const params = deprecated ? ownerParams : labelParams;
    const refOf = (request: { params: unknown; body?: unknown; query?: unknown }) =>
      deprecated
        ? nameParam.parse({ ...(request.query as object), ...(request.body as object) }).name
        : labelParams.parse(request.params).label_id;

    api.route({
      method: 'PUT',
      url: deprecated ? kind.base : one,
      schema: {
        params,
        body: deprecated ? kind.updateByNameBody : kind.updateBody,
        response: { 200: labelSchema },
      },
      handler: async (request) => {
        const actor = requireUser(request, 'api_write');
        const owner = await kind.owner(actor, request.params.id);
        const { new_name: name, color, description, priority } = request.body;
        return present(
          await labels.update(actor, owner, refOf(request), { name, color, description, priority }),
        );
      },
    });

    api.route({
      method: 'DELETE',
      url: deprecated ? kind.base : one,
      schema: { params },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_write');
        const owner = await kind.owner(actor, request.params.id);
        await labels.remove(actor, owner, refOf(request));
        return reply.status(204).send();
      },
    });
  }
}
