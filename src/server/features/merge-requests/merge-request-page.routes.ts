import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mergeRequestPageSchema,
  pageMergeBodySchema,
  pageMergeResponseSchema,
  rebaseQuerySchema,
} from '../../../shared/api/mergeRequests';
import type { Container } from '../../container';
import { UnprocessableError } from '../../errors';
import { requireUser } from '../auth/api-auth';
import { presentMergeCall, presentMergeRequestPage } from './merge-requests.presenter';

/** Project paths nest up to this many namespaces in page URLs, as the web app's routes do. */
const MAX_NAMESPACE_DEPTH = 4;

/** Auto-merge waits for pipelines, which this server does not run yet. */
export const AUTO_MERGE_UNAVAILABLE =
  'Auto-merge is not available: merge the merge request once it is ready.';

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
 * The merge request page's JSON at GitLab's addresses: `{project}/-/merge_requests/{iid}.json`
 * (the REST fields plus rendered HTML, branch existence, what the viewer may do and the merge
 * defaults) and the widget's merge call, `POST {project}/-/merge_requests/{iid}/merge`.
 */
export function registerMergeRequestPageRoutes(
  app: FastifyInstance,
  { merges, rebases, config }: Pick<Container, 'merges' | 'rebases' | 'config'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (let depth = 1; depth <= MAX_NAMESPACE_DEPTH; depth++) {
    const namespaces = Array.from({ length: depth }, (_, i) => `:ns${i}`).join('/');
    const base = `/${namespaces}/:project/-/merge_requests/:iid`;
    api.route({
      method: 'GET',
      url: `${base}.json`,
      schema: { params: pageParams, response: { 200: mergeRequestPageSchema } },
      handler: async (request) => {
        const { fullPath, iid } = request.params;
        const { view, messages } = await merges.page(request.currentUser, fullPath, iid);
        return presentMergeRequestPage(view, config, messages);
      },
    });

    api.route({
      method: 'POST',
      url: `${base}/merge`,
      schema: { params: pageParams, body: pageMergeBodySchema, response: { 200: pageMergeResponseSchema } },
      handler: async (request) => {
        const actor = requireUser(request, 'api_write');
        const { fullPath, iid } = request.params;
        const body = request.body;
        if (body.auto_merge_strategy) throw new UnprocessableError(AUTO_MERGE_UNAVAILABLE);
        const outcome = await merges.merge(
          actor,
          fullPath,
          iid,
          {
            sha: body.sha,
            squash: body.squash,
            shouldRemoveSourceBranch: body.should_remove_source_branch,
            mergeCommitMessage: body.commit_message,
            squashCommitMessage: body.squash_commit_message,
          },
          (error) => request.log.error({ err: error }, 'a push hook failed after a merge'),
        );
        return presentMergeCall(outcome);
      },
    });

    // The widget's rebase button: schedules the rebase and polls the request for its end.
    api.route({
      method: 'POST',
      url: `${base}/rebase`,
      schema: { params: pageParams, querystring: rebaseQuerySchema, response: { 200: z.object({}) } },
      handler: async (request) => {
        const actor = requireUser(request, 'api_write');
        const { fullPath, iid } = request.params;
        await rebases.request(actor, fullPath, iid, { skipCi: request.query.skip_ci ?? false });
        return {};
      },
    });
  }
}
