import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addToMergeTrainBody,
  listMergeTrainsQuery,
  mergeTrainCarSchema,
} from '../../../shared/api/mergeTrains';
import { assertNever } from '../../../shared/lib/assertNever';
import { shaMismatchText } from '../../../shared/merge-requests/mergeChoices';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { BadRequestError, ConflictError, UnauthorizedError } from '../../errors';
import { assertScope, requireUser } from '../auth/api-auth';
import { presentCar } from './merge-trains.presenter';

const projectParams = z.object({ id: z.string().min(1).max(1000) });
const requestParams = projectParams.extend({
  merge_request_iid: z.coerce.number().int().positive().max(2_147_483_647),
});
const listQuery = listMergeTrainsQuery.extend(paginationQuery.shape);

const TRAINS = '/api/v4/projects/:id/merge_trains';

/** GitLab's Merge Trains API (REST v4): the cars of a project's trains, one request's car, adding a request. */
export function registerMergeTrainRoutes(
  app: FastifyInstance,
  { mergeTrains, merges, config }: Pick<Container, 'mergeTrains' | 'merges' | 'config'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function listing(
    actor: Parameters<typeof mergeTrains.list>[0],
    id: string,
    query: z.output<typeof listQuery>,
    targetBranch: string | undefined,
  ) {
    const page = toPage(query);
    const { ctx, rows, total } = await mergeTrains.list(
      actor,
      id,
      { targetBranch, scope: query.scope, sort: query.sort },
      page,
    );
    return { page, total, cars: rows.map((row) => presentCar(row, ctx.fullPath, config)) };
  }

  for (const withBranch of [false, true]) {
    api.route({
      method: 'GET',
      url: withBranch ? `${TRAINS}/:target_branch` : TRAINS,
      schema: {
        params: withBranch
          ? projectParams.extend({ target_branch: z.string().min(1).max(255) })
          : projectParams,
        querystring: listQuery,
        response: { 200: z.array(mergeTrainCarSchema) },
      },
      handler: async (request, reply) => {
        assertScope(request, 'api_read');
        const params = request.params as { id: string; target_branch?: string };
        const { page, total, cars } = await listing(
          request.currentUser,
          params.id,
          request.query,
          params.target_branch ?? request.query.target_branch,
        );
        setPaginationHeaders(request, reply, page, total);
        return cars;
      },
    });
  }

  api.route({
    method: 'GET',
    url: `${TRAINS}/merge_requests/:merge_request_iid`,
    schema: { params: requestParams, response: { 200: mergeTrainCarSchema } },
    handler: async (request) => {
      assertScope(request, 'api_read');
      const { id, merge_request_iid: iid } = request.params;
      const { ctx, car } = await mergeTrains.carOf(request.currentUser, id, iid);
      return presentCar(car, ctx.fullPath, config);
    },
  });

  // GitLab answers the whole train: 201 when the request is on it, 202 when it joins once its checks pass.
  api.route({
    method: 'POST',
    url: `${TRAINS}/merge_requests/:merge_request_iid`,
    schema: {
      params: requestParams,
      body: addToMergeTrainBody,
      response: { 201: z.array(mergeTrainCarSchema), 202: z.array(mergeTrainCarSchema) },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const { id, merge_request_iid: iid } = request.params;
      const input = request.body;
      await mergeTrains.loadForTrains(actor, id);
      const strategy =
        input.auto_merge || input.when_pipeline_succeeds
          ? 'add_to_merge_train_when_checks_pass'
          : 'merge_train';
      const options = { sha: input.sha, squash: input.squash };
      const outcome = await merges
        .request(actor, id, iid, { kind: 'auto', strategy }, options, () => undefined)
        // GitLab's answer to a user who may not merge into the target branch.
        .catch((error: unknown) => {
          if ((error as { statusCode?: number }).statusCode === 403) throw new UnauthorizedError();
          throw error;
        });
      switch (outcome.kind) {
        case 'auto_merge_enabled': {
          const { targetBranch, onTrain } = await mergeTrains.standing(actor, id, iid);
          const query = { page: 1, per_page: 20, sort: 'desc' as const, scope: 'active' as const };
          const { page, total, cars } = await listing(actor, id, query, targetBranch);
          setPaginationHeaders(request, reply, page, total);
          return reply.code(onTrain ? 201 : 202).send(cars);
        }
        case 'sha_mismatch':
          throw new ConflictError(shaMismatchText(outcome.headSha));
        case 'merged':
        case 'not_mergeable':
        case 'being_merged':
        case 'refused':
        case 'failed':
          throw new BadRequestError('400 Bad request - Failed to merge');
        default:
          return assertNever(outcome);
      }
    },
  });
}
