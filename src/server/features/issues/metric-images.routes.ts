import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { metricImageFieldsSchema, metricImageSchema } from '../../../shared/api/metricImages';
import type { Container } from '../../container';
import { BadRequestError } from '../../errors';
import { reader, requireUser } from '../auth/api-auth';
import { MAX_UPLOAD_BYTES } from '../uploads/upload-files';
import { presentMetricImage } from './metric-images.presenter';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
const issueParams = z.object({ id: z.string().min(1).max(1000), issue_iid: dbInt });
const imageParams = issueParams.extend({ image_id: dbInt });

const IMAGES = '/api/v4/projects/:id/issues/:issue_iid/metric_images';

/** The multipart body of an upload: the `file` and the `url`, `url_text` fields beside it. */
async function uploadOf(request: FastifyRequest) {
  let file: { filename: string; data: Buffer } | null = null;
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') throw new BadRequestError(`${part.fieldname} is not a file field`);
      file = { filename: part.filename, data: await part.toBuffer() };
    } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  if (!file) throw new BadRequestError('file is missing');
  // @gitbeaker/rest sends its form fields unconverted (`urlText`); GitLab's name wins when both come.
  const parsed = metricImageFieldsSchema.safeParse({ url_text: fields.urlText, ...fields });
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? 'url is invalid');
  return { file, fields: parsed.data };
}

/** GitLab's incident metric images (REST v4): list, upload, edit the link, delete. */
export async function registerMetricImageRoutes(
  app: FastifyInstance,
  { metricImages, config }: Pick<Container, 'metricImages' | 'config'>,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.route({
      method: 'GET',
      url: IMAGES,
      schema: { params: issueParams, response: { 200: z.array(metricImageSchema) } },
      handler: async (request) => {
        const { id, issue_iid: iid } = request.params;
        const images = await metricImages.list(reader(request), id, iid);
        return images.map((image) => presentMetricImage(image, config));
      },
    });

    api.route({
      method: 'POST',
      url: IMAGES,
      schema: { params: issueParams, response: { 201: metricImageSchema } },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_write');
        const { id, issue_iid: iid } = request.params;
        if (!request.isMultipart()) throw new BadRequestError('file is missing');
        const { file, fields } = await uploadOf(request);
        const image = await metricImages.upload(actor, id, iid, file, fields);
        return reply.status(201).send(presentMetricImage(image, config));
      },
    });

    api.route({
      method: 'PUT',
      url: `${IMAGES}/:image_id`,
      schema: {
        params: imageParams,
        body: metricImageFieldsSchema.nullish(),
        response: { 200: metricImageSchema },
      },
      handler: async (request) => {
        const actor = requireUser(request, 'api_write');
        const { id, issue_iid: iid, image_id: imageId } = request.params;
        const image = await metricImages.update(actor, id, iid, imageId, request.body ?? {});
        return presentMetricImage(image, config);
      },
    });

    api.route({
      method: 'DELETE',
      url: `${IMAGES}/:image_id`,
      schema: { params: imageParams },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_write');
        const { id, issue_iid: iid, image_id: imageId } = request.params;
        await metricImages.remove(actor, id, iid, imageId);
        return reply.status(204).send();
      },
    });
  });
}
