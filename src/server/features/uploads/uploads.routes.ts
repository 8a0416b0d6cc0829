import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Container } from '../../container';
import { BadRequestError, NotFoundError } from '../../errors';
import { requireUser } from '../auth/api-auth';
import type { UploadsService } from './uploads.service';
import { MAX_UPLOAD_BYTES } from './upload-files';
import { projectPagePrefixes } from '../../page-paths';

const uploadSchema = z.object({
  id: z.number().int(),
  alt: z.string(),
  url: z.string(),
  full_path: z.string(),
  markdown: z.string(),
});

const segment = z.string().min(1).max(255);
const projectPath = {
  ns0: segment,
  ns1: segment.optional(),
  ns2: segment.optional(),
  ns3: segment.optional(),
  project: segment,
};
const joinPath = (p: { ns0: string; ns1?: string; ns2?: string; ns3?: string; project: string }) =>
  [p.ns0, p.ns1, p.ns2, p.ns3, p.project].filter((part) => part !== undefined).join('/');
/** `{namespace...}/{project}` of a page URL, joined back into the project's full path. */
const projectPathParams = z.object(projectPath).transform((p) => ({ fullPath: joinPath(p) }));
/** The same with the file's secret (32 hex) and name. */
const fileParams = z
  .object({ ...projectPath, secret: z.string().regex(/^[0-9a-f]{32}$/), filename: segment })
  .transform((p) => ({ fullPath: joinPath(p), secret: p.secret, filename: p.filename }));

/** The one `file` part of a multipart request, read whole (a file over the limit is a 413). */
async function fileOf(request: FastifyRequest): Promise<{ filename: string; data: Buffer }> {
  const part = await request.file();
  if (!part || part.fieldname !== 'file') throw new BadRequestError('file is missing');
  return { filename: part.filename, data: await part.toBuffer() };
}

async function serve(
  uploads: UploadsService,
  request: FastifyRequest,
  { fullPath, secret, filename }: z.infer<typeof fileParams>,
) {
  const found = await uploads.open(request.currentUser, fullPath, secret, filename);
  await access(found.file).catch(() => {
    throw new NotFoundError();
  });
  const disposition = found.inline ? 'inline' : 'attachment';
  return {
    headers: {
      'content-type': found.contentType,
      'content-length': String(found.size),
      'content-disposition': `${disposition}; filename="${filename}"`,
      // Served bytes are never sniffed into something else, and never run as a page.
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, max-age=0',
    },
    body: createReadStream(found.file),
  };
}

/**
 * Attachments: GitLab's `POST /api/v4/projects/:id/uploads`, the page's `POST {project}/uploads`
 * and the files themselves at `{project}/uploads/{secret}/{filename}`.
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  { uploads }: Pick<Container, 'uploads'>,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.route({
      method: 'POST',
      url: '/api/v4/projects/:id/uploads',
      schema: { params: z.object({ id: z.string().min(1).max(1000) }), response: { 201: uploadSchema } },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_write');
        const stored = await uploads.upload(actor, request.params.id, await fileOf(request));
        return reply.status(201).send(stored);
      },
    });

    for (const prefix of projectPagePrefixes()) {
      const base = `${prefix}/uploads`;

      api.route({
        method: 'POST',
        url: base,
        schema: {
          params: projectPathParams,
          response: { 200: z.object({ link: uploadSchema.pick({ alt: true, url: true, markdown: true }) }) },
        },
        handler: async (request) => {
          const actor = requireUser(request, 'api_write');
          const { alt, url, markdown } = await uploads.upload(
            actor,
            request.params.fullPath,
            await fileOf(request),
          );
          return { link: { alt, url, markdown } };
        },
      });

      api.route({
        method: 'GET',
        url: `${base}/:secret/:filename`,
        schema: { params: fileParams },
        handler: async (request, reply) => {
          const { headers, body } = await serve(uploads, request, request.params);
          return reply.headers(headers).send(body);
        },
      });
    }
  });
}
