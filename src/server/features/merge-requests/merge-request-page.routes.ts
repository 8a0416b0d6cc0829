import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mergeRequestPageSchema } from '../../../shared/api/mergeRequests';
import type { Container } from '../../container';
import { presentMergeRequestPage } from './merge-requests.presenter';

/** Project paths nest up to this many namespaces in page URLs, as the web app's routes do. */
const MAX_NAMESPACE_DEPTH = 4;

const segment = z.string().min(1).max(255);
const pageParams = z
  .object({
    ns0: segment,
    ns1: segment.optional(),
    ns2: segment.optional(),
    ns3: segment.optional(),
    project: segment,
    iid: z.coerce.number().int().positive().max(2_147_483_647),
  })
  .transform(({ ns0, ns1, ns2, ns3, project, iid }) => ({
    fullPath: [ns0, ns1, ns2, ns3, project].filter((part) => part !== undefined).join('/'),
    iid,
  }));

/**
 * The merge request page's JSON at GitLab's address, `{project}/-/merge_requests/{iid}.json`:
 * the REST fields plus rendered HTML, branch existence and what the viewer may do.
 */
export function registerMergeRequestPageRoutes(
  app: FastifyInstance,
  { mergeRequests, config }: Pick<Container, 'mergeRequests' | 'config'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (let depth = 1; depth <= MAX_NAMESPACE_DEPTH; depth++) {
    const namespaces = Array.from({ length: depth }, (_, i) => `:ns${i}`).join('/');
    api.route({
      method: 'GET',
      url: `/${namespaces}/:project/-/merge_requests/:iid.json`,
      schema: { params: pageParams, response: { 200: mergeRequestPageSchema } },
      handler: async (request) => {
        const { fullPath, iid } = request.params;
        return presentMergeRequestPage(await mergeRequests.show(request.currentUser, fullPath, iid), config);
      },
    });
  }
}
