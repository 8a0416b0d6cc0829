import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextLinesQuerySchema, diffLineSchema } from '../../../shared/api/diffs';
import { INVALID_FILE_PATH, repositoryPathProblem } from '../../../shared/repository/repositoryInput';
import type { Container } from '../../container';
import { fullPathOf, projectPagePrefixes, projectPathFields } from '../../page-paths';

// The path is the URL's wildcard; it is checked (and named) as `path` before git reads it.
const blobParams = z
  .object({ ...projectPathFields, sha: z.string().min(1).max(64), '*': z.string().min(1).max(4096) })
  .transform((params, ctx) => {
    const rest = params['*'];
    if (repositoryPathProblem(rest) !== null)
      ctx.addIssue({ code: 'custom', path: ['path'], message: INVALID_FILE_PATH, input: rest });
    return { fullPath: fullPathOf(params), sha: params.sha, rest };
  });

const CONTEXT_SUFFIX = '/diff';

/**
 * Raw files (`{project}/-/raw/{sha}/{path}`) and the Changes tab's context lines
 * (`{project}/-/blob/{sha}/{path}/diff`). Other `/-/blob/` addresses are pages of the web app,
 * so they fall through to it.
 */
export function registerBlobRoutes(app: FastifyInstance, { diffs }: Pick<Container, 'diffs'>): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const prefix of projectPagePrefixes()) {
    const base = `${prefix}/-`;

    api.route({
      method: 'GET',
      url: `${base}/raw/:sha/*`,
      schema: { params: blobParams },
      handler: async (request, reply) => {
        const { fullPath, sha, rest } = request.params;
        const file = await diffs.rawFile(request.currentUser, fullPath, sha, rest);
        // Never rendered by the browser as a page of ours: text is plain, the rest a download.
        return reply
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .type(file.binary ? 'application/octet-stream' : 'text/plain; charset=utf-8')
          .send(file.content);
      },
    });

    api.route({
      method: 'GET',
      url: `${base}/blob/:sha/*`,
      schema: {
        params: blobParams,
        querystring: contextLinesQuerySchema,
        response: { 200: z.array(diffLineSchema) },
      },
      handler: async (request, reply) => {
        const { fullPath, sha, rest } = request.params;
        if (!rest.endsWith(CONTEXT_SUFFIX)) return reply.callNotFound();
        const filePath = rest.slice(0, -CONTEXT_SUFFIX.length);
        return diffs.contextLines(request.currentUser, fullPath, sha, filePath, request.query);
      },
    });
  }
}
