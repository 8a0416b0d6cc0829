import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { markdownRequestSchema } from '../../../shared/api/mergeRequests';
import type { Container } from '../../container';
import { unlinkedHtml } from '../../markdown/rendered';
import { reader } from '../auth/api-auth';

/**
 * `POST /api/v4/markdown`, as GitLab has it: the editors' Preview and READMEs render through the
 * server's sanitizer. With `gfm`, references are linked for the caller, relative to `project`
 * when given (a project the caller may not read is `404 Project Not Found`). Rate limited per user,
 * and per address for anonymous callers.
 */
export function registerMarkdownRoutes(
  app: FastifyInstance,
  {
    projects,
    references,
    rateLimits,
    markdown,
  }: Pick<Container, 'projects' | 'references' | 'rateLimits' | 'markdown'>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: '/api/v4/markdown',
    schema: { body: markdownRequestSchema },
    handler: async (request, reply) => {
      const actor = reader(request);
      // Rendering costs the server; anyone may ask, so anonymous callers get a tighter limit.
      await rateLimits.checkCaller('markdown_preview', { user: actor, ip: request.ip });
      const { text, gfm, project } = request.body;
      if (!gfm) return reply.status(201).send({ html: unlinkedHtml(await markdown.renderBlock(text)) });
      const context = project === undefined ? null : await projects.loadProject(actor, project);
      const writer = await references.writerFor(actor, context, { blocks: [text] });
      return reply.status(201).send({ html: writer.html(text) });
    },
  });
}
