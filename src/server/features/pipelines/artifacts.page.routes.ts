import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { artifactsBrowseQuery, artifactsBrowseSchema } from '../../../shared/api/artifactsBrowse';
import type { Container } from '../../container';
import { fullPathOf, pageId, projectPagePrefixes, projectPathFields } from '../../page-paths';

const jobPageParams = z
  .object({ ...projectPathFields, job_id: pageId })
  .transform((params) => ({ fullPath: fullPathOf(params), jobId: params.job_id }));

/**
 * `{project}/-/jobs/{id}/artifacts/browse.json?path=`: the artifacts browser's folder, read from
 * the archive's central directory. The page itself is GitLab's `.../artifacts/browse(/*path)`;
 * each file downloads through `GET /api/v4/projects/:id/jobs/:job_id/artifacts/*path`.
 */
export function registerArtifactsPageRoutes(
  app: FastifyInstance,
  { artifacts }: Pick<Container, 'artifacts'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const prefix of projectPagePrefixes()) {
    api.route({
      method: 'GET',
      url: `${prefix}/-/jobs/:job_id/artifacts/browse.json`,
      schema: {
        params: jobPageParams,
        querystring: artifactsBrowseQuery,
        response: { 200: artifactsBrowseSchema },
      },
      handler: async (request) => {
        const { fullPath, jobId } = request.params;
        return artifacts.browse(request.currentUser, fullPath, jobId, request.query.path);
      },
    });
  }
}
