import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { runnersPageQuery, runnersPageSchema } from '../../../shared/api/runnerPages';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { requireUser } from '../auth/api-auth';

/**
 * The runners pages' JSON (admin area, group and project CI/CD settings): each runner with its
 * tags, last contact and whether the viewer manages it, and for administrators how the server's
 * own runner isolates jobs. Creating, changing and removing go through the REST API.
 */
export function registerRunnerPageRoutes(
  app: FastifyInstance,
  { runnerManagement, runnerIsolation }: Pick<Container, 'runnerManagement' | 'runnerIsolation'>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/-/runners.json',
    schema: {
      querystring: runnersPageQuery.extend(paginationQuery.shape),
      response: { 200: runnersPageSchema },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_read');
      const page = toPage(request.query);
      const { rows, total, ownerId } = await runnerManagement.pageOf(actor, request.query, page);
      setPaginationHeaders(request, reply, page, total);
      return {
        runners: rows,
        total,
        owner_id: ownerId,
        isolation: actor.admin && request.query.owner_type === 'instance' ? runnerIsolation.describe() : null,
      };
    },
  });
}
