import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { commitActionBody, commitActionResponse } from '../../../shared/api/commitActions';
import { COMMIT_ACTIONS } from '../../../shared/merge-widget/commitActions';
import type { Container } from '../../container';
import { noteablePageParams, projectPagePrefixes } from '../../page-paths';
import { requireUser } from '../auth/api-auth';

/** The merged panel's calls: `POST {project}/-/merge_requests/{iid}/revert` and `.../cherry_pick`. */
export function registerCommitActionRoutes(
  app: FastifyInstance,
  { commitActions }: Pick<Container, 'commitActions'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const prefix of projectPagePrefixes())
    for (const action of COMMIT_ACTIONS)
      api.route({
        method: 'POST',
        url: `${prefix}/-/merge_requests/:iid/${action}`,
        schema: {
          params: noteablePageParams,
          body: commitActionBody,
          response: { 200: commitActionResponse },
        },
        handler: async (request) => {
          const actor = requireUser(request, 'api_write');
          const { fullPath, iid } = request.params;
          const done = await commitActions.apply(
            actor,
            fullPath,
            iid,
            action,
            {
              targetBranch: request.body.target_branch,
              createMergeRequest: request.body.create_merge_request,
            },
            (error) => request.log.error({ err: error }, 'a push hook failed'),
          );
          return {
            branch: done.branch,
            commit_sha: done.commitSha,
            merge_request_path: done.mergeRequestPath,
          };
        },
      });
}
