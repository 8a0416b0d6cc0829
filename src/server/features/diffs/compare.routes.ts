import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compareSchema } from '../../../shared/api/diffs';
import { booleanParam } from '../../../shared/api/params';

import { revisionParam } from '../../../shared/api/repository';
import type { Container } from '../../container';
import { presentCommit, presentDiffFile } from '../repository/repository.presenter';
import { apiActor } from '../auth/api-auth';

/** GitLab's `GET /projects/:id/repository/compare?from=&to=&straight=`. */
export function registerCompareRoutes(
  app: FastifyInstance,
  { diffs, config }: Pick<Container, 'diffs' | 'config'>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/api/v4/projects/:id/repository/compare',
    schema: {
      params: z.object({ id: z.string().min(1).max(1000) }),
      querystring: z.object({
        from: revisionParam,
        to: revisionParam,
        straight: booleanParam.default(false),
      }),
      response: { 200: compareSchema },
    },
    handler: async (request) => {
      const { from, to, straight } = request.query;
      const result = await diffs.compare(apiActor(request), request.params.id, { from, to, straight });
      const commits = result.commits.map((commit) => presentCommit(commit, result.ctx, config));
      return {
        commit: commits.at(-1) ?? null,
        commits,
        diffs: result.diff.files.map(presentDiffFile),
        compare_timeout: false,
        compare_same_ref: result.sameRef,
        web_url: `${config.externalUrl}/${result.ctx.fullPath}/-/compare/${encodeURIComponent(from)}...${encodeURIComponent(to)}`,
      };
    },
  });
}
