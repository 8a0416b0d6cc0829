import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applySuggestionsBodySchema, suggestionSchema } from '../../../shared/api/notes';
import type { Container } from '../../container';
import { BadRequestError } from '../../errors';
import { requireUser } from '../auth/api-auth';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
const applyBody = applySuggestionsBodySchema.pick({ commit_message: true });
const batchBody = applySuggestionsBodySchema.extend({ ids: z.array(dbInt).min(1).max(100) });

/**
 * GitLab's suggestions API, which the page calls too (with its session and CSRF token): apply
 * one suggestion or a batch as one commit on the merge request's source branch.
 */
export function registerSuggestionRoutes(
  app: FastifyInstance,
  { suggestions }: Pick<Container, 'suggestions'>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onHookError = (request: FastifyRequest) => (error: unknown) =>
    request.log.error({ err: error }, 'a push hook failed after applying suggestions');

  api.route({
    method: 'PUT',
    url: '/api/v4/suggestions/:id/apply',
    schema: {
      params: z.object({ id: dbInt }),
      body: applyBody.nullish(),
      response: { 200: suggestionSchema },
    },
    handler: async (request) => {
      const actor = requireUser(request, 'api_write');
      const [applied] = await suggestions.apply(
        actor,
        [request.params.id],
        request.body?.commit_message,
        onHookError(request),
      );
      if (!applied) throw new BadRequestError('A suggestion is not applicable.');
      return applied;
    },
  });

  api.route({
    method: 'PUT',
    url: '/api/v4/suggestions/batch_apply',
    schema: { body: batchBody, response: { 200: z.array(suggestionSchema) } },
    handler: async (request) => {
      const actor = requireUser(request, 'api_write');
      return suggestions.apply(actor, request.body.ids, request.body.commit_message, onHookError(request));
    },
  });
}
