import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  USER_CALLOUTS_PATH,
  dismissCalloutBodySchema,
  userCalloutSchema,
} from '../../../shared/api/userCallouts';
import type { Container } from '../../container';
import { requireUser } from '../auth/api-auth';

/** `POST /-/users/callouts` with `feature_name`: the widget's cards' close buttons. */
export function registerUserCalloutRoutes(
  app: FastifyInstance,
  { userCallouts }: Pick<Container, 'userCallouts'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    method: 'POST',
    url: USER_CALLOUTS_PATH,
    schema: { body: dismissCalloutBodySchema, response: { 200: userCalloutSchema } },
    handler: async (request) => {
      const actor = requireUser(request, 'api_write');
      const row = await userCallouts.dismiss(actor.id, request.body.feature_name);
      return { feature_name: request.body.feature_name, dismissed_at: row.dismissedAt.toISOString() };
    },
  });
}
