import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mergeRequestReviewerSchema } from '../../../shared/api/reviewers';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { reader } from '../auth/api-auth';
import { presentReviewers } from './merge-requests.presenter';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
const mergeRequestParams = z.object({ id: z.string().min(1).max(1000), merge_request_iid: dbInt });

/** GitLab's `GET /projects/:id/merge_requests/:iid/reviewers`: each reviewer with their review's state. */
export function registerReviewerRoutes(
  app: FastifyInstance,
  { mergeRequestReviewers, config }: Pick<Container, 'mergeRequestReviewers' | 'config'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id/merge_requests/:merge_request_iid/reviewers',
    schema: {
      params: mergeRequestParams,
      querystring: paginationQuery,
      response: { 200: z.array(mergeRequestReviewerSchema) },
    },
    handler: async (request, reply) => {
      const { id, merge_request_iid: iid } = request.params;
      const reviewers = await mergeRequestReviewers.list(reader(request), id, iid);
      const page = toPage(request.query);
      setPaginationHeaders(request, reply, page, reviewers.length);
      return presentReviewers(reviewers.slice(page.offset, page.offset + page.limit), config);
    },
  });
}
