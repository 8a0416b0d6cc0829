import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  coverageReportSchema,
  diffForPathQuerySchema,
  diffForPathSchema,
  diffsBatchQuerySchema,
  diffsMetadataQuerySchema,
  diffsMetadataSchema,
} from '../../../shared/api/diffs';
import type { Container } from '../../container';
import { presentDiffFile, presentMetadata, serializeBatch } from './diffs.presenter';
import { noteablePageParams, projectPagePrefixes } from '../../page-paths';

/**
 * Batches carry thousands of lines and the file list thousands of files: validating them
 * against the zod response schema costs more than computing them (8 ms of L's 50 ms file list),
 * so these routes keep the schema as the contract (the handlers' types) and serialize directly
 * (a batch arrives already written as JSON text).
 */
const serializeJson = () => (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data));

/**
 * The Changes tab's JSON at GitLab's addresses under `{project}/-/merge_requests/{iid}/`:
 * the file list with versions, pages of files with highlighted lines, and one file by path.
 * Reading them needs read access to the merge request (404 for a project one may not read).
 */
export function registerDiffRoutes(app: FastifyInstance, { diffs }: Pick<Container, 'diffs'>): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const prefix of projectPagePrefixes()) {
    const base = `${prefix}/-/merge_requests/:iid`;

    api.route({
      method: 'GET',
      url: `${base}/diffs_metadata.json`,
      // A file list of thousands: checked against the schema by its types, not on every read.
      serializerCompiler: serializeJson,
      schema: {
        params: noteablePageParams,
        querystring: diffsMetadataQuerySchema,
        response: { 200: diffsMetadataSchema },
      },
      handler: async (request) => {
        const { fullPath, iid } = request.params;
        const { selection, files, headComparable, contextCommitsCount } = await diffs.metadata(
          request.currentUser,
          fullPath,
          iid,
          request.query,
        );
        return presentMetadata(selection, files, headComparable, contextCommitsCount);
      },
    });

    api.route({
      method: 'GET',
      url: `${base}/diffs_batch.json`,
      serializerCompiler: serializeJson,
      // The reply is `diffsBatchSchema` written as JSON bytes by `serializeBatch`, whose parts are typed by it.
      schema: { params: noteablePageParams, querystring: diffsBatchQuerySchema },
      handler: async (request, reply) => {
        const { fullPath, iid } = request.params;
        const query = request.query;
        const { selection, edit, total, files } = await diffs.batch(
          request.currentUser,
          fullPath,
          iid,
          query,
        );
        return reply
          .type('application/json; charset=utf-8')
          .send(serializeBatch(selection, edit, total, files));
      },
    });

    api.route({
      method: 'GET',
      url: `${base}/coverage_reports.json`,
      schema: { params: noteablePageParams, response: { 200: coverageReportSchema } },
      handler: async (request) => {
        const { fullPath, iid } = request.params;
        return diffs.coverage(request.currentUser, fullPath, iid);
      },
    });

    api.route({
      method: 'GET',
      url: `${base}/diff_for_path.json`,
      serializerCompiler: serializeJson,
      schema: {
        params: noteablePageParams,
        querystring: diffForPathQuerySchema,
        response: { 200: diffForPathSchema },
      },
      handler: async (request) => {
        const { fullPath, iid } = request.params;
        const { selection, edit, files } = await diffs.forPath(
          request.currentUser,
          fullPath,
          iid,
          request.query,
        );
        return { diff_files: files.map((file) => presentDiffFile(selection, file, edit)) };
      },
    });
  }
}
