import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { markdownRequestSchema } from '../../shared/api/mergeRequests';
import { renderMarkdown } from './render';

/** `POST /api/v4/markdown`, as GitLab has it: the editors' Preview renders through the server's sanitizer. */
export function registerMarkdownRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: '/api/v4/markdown',
    schema: { body: markdownRequestSchema },
    handler: async (request, reply) => reply.status(201).send({ html: renderMarkdown(request.body.text) }),
  });
}
