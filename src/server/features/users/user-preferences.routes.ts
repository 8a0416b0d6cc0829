import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { diffPreferencesSchema, updateDiffPreferencesBodySchema } from '../../../shared/api/diffs';
import type { Container } from '../../container';
import { requireUser } from '../auth/api-auth';
import type { DiffPreferencesRow } from './user-preferences.repo';

const preferencesResponse = diffPreferencesSchema.extend({ user_id: z.number().int() });

const present = (userId: number, row: DiffPreferencesRow) => ({
  user_id: userId,
  show_whitespace_in_diffs: row.showWhitespaceInDiffs,
  view_diffs_file_by_file: row.viewDiffsFileByFile,
});

/** GitLab's `GET/PUT /api/v4/user/preferences`, for the diff settings this server keeps. */
export function registerUserPreferencesRoutes(
  app: FastifyInstance,
  { userPreferences }: Pick<Container, 'userPreferences'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    method: 'GET',
    url: '/api/v4/user/preferences',
    config: { tokenScope: 'user_read' },
    schema: { response: { 200: preferencesResponse } },
    handler: async (request) => {
      const actor = requireUser(request, 'user_read');
      return present(actor.id, await userPreferences.show(actor.id));
    },
  });

  api.route({
    method: 'PUT',
    url: '/api/v4/user/preferences',
    schema: { body: updateDiffPreferencesBodySchema, response: { 200: preferencesResponse } },
    handler: async (request) => {
      const actor = requireUser(request, 'api_write');
      const { show_whitespace_in_diffs: whitespace, view_diffs_file_by_file: fileByFile } = request.body;
      const row = await userPreferences.update(actor.id, {
        ...(whitespace === undefined ? {} : { showWhitespaceInDiffs: whitespace }),
        ...(fileByFile === undefined ? {} : { viewDiffsFileByFile: fileByFile }),
      });
      return present(actor.id, row);
    },
  });
}
