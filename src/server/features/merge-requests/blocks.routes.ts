import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createBlockBodySchema, mergeRequestBlockSchema } from '../../../shared/api/mergeRequestBlocks';
import type { Container } from '../../container';
import { NotFoundError } from '../../errors';
import { reader, requireUser } from '../auth/api-auth';
import { presentBlock } from './blocks.presenter';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
const mergeRequestParams = z.object({ id: z.string().min(1).max(1000), merge_request_iid: dbInt });
const blockParams = mergeRequestParams.extend({ block_id: dbInt });

const BLOCKS = '/api/v4/projects/:id/merge_requests/:merge_request_iid/blocks';

/** GitLab's merge request dependencies API: what blocks a merge request until it is merged. */
export function registerBlockRoutes(
  app: FastifyInstance,
  { blocks, config }: Pick<Container, 'blocks' | 'config'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: BLOCKS,
    schema: { params: mergeRequestParams, response: { 200: z.array(mergeRequestBlockSchema) } },
    handler: async (request) => {
      const { id, merge_request_iid: iid } = request.params;
      const { blocked, blocks: found } = await blocks.list(reader(request), id, iid);
      // Blockers the reader may not see are left out, as GitLab hides them.
      return found.flatMap(({ block, blocking }) =>
        blocking ? [presentBlock(block, blocking, blocked, config)] : [],
      );
    },
  });

  api.route({
    method: 'GET',
    url: `${BLOCKS}/:block_id`,
    schema: { params: blockParams, response: { 200: mergeRequestBlockSchema } },
    handler: async (request) => {
      const { id, merge_request_iid: iid, block_id: blockId } = request.params;
      const { blocked, blocks: found } = await blocks.list(reader(request), id, iid);
      const one = found.find(({ block }) => block.id === blockId);
      if (!one?.blocking) throw new NotFoundError('Merge request dependency');
      return presentBlock(one.block, one.blocking, blocked, config);
    },
  });

  api.route({
    method: 'POST',
    url: BLOCKS,
    schema: {
      params: mergeRequestParams,
      body: createBlockBodySchema,
      response: { 201: mergeRequestBlockSchema },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const { id, merge_request_iid: iid } = request.params;
      const created = await blocks.create(actor, id, iid, request.body.blocking_merge_request_id);
      return reply.status(201).send(presentBlock(created.block, created.blocking, created.blocked, config));
    },
  });

  api.route({
    method: 'DELETE',
    url: `${BLOCKS}/:block_id`,
    schema: { params: blockParams },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const { id, merge_request_iid: iid, block_id: blockId } = request.params;
      await blocks.remove(actor, id, iid, blockId);
      return reply.status(204).send();
    },
  });
}
