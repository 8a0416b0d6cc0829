import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOKEN_SCOPES, type TokenScope } from '../../../shared/access/credentials';
import { OAUTH_TOKEN_LIFETIME_SECONDS } from '../../auth/tokens';
import type { Container } from '../../container';
import { ForbiddenError, UnauthorizedError } from '../../errors';

/** RFC 6749's error codes, worded as GitLab (Doorkeeper) words them. */
const OAUTH_ERRORS = {
  invalid_request: (parameter: string) => `Missing required parameter: ${parameter}.`,
  unsupported_grant_type: 'The authorization grant type is not supported by the authorization server.',
  invalid_grant:
    'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
  invalid_scope: 'The requested scope is invalid, unknown, or malformed.',
};

const tokenRequest = z
  .object({
    grant_type: z.string().max(100).optional(),
    username: z.string().max(255).optional(),
    password: z.string().max(1024).optional(),
    scope: z.string().max(1000).optional(),
  })
  .optional();

// Validation errors of the body itself keep the API's `{"message": ...}` shape.
const tokenError = z.union([
  z.object({ error: z.string(), error_description: z.string() }),
  z.object({ message: z.string() }),
]);

const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
  created_at: z.number().int(),
});

const isTokenScope = (scope: string): scope is TokenScope =>
  (TOKEN_SCOPES as readonly string[]).includes(scope);

/** `POST /oauth/token` with the password grant, form-encoded or JSON, answering as an OAuth 2 server does. */
export function registerOAuthRoutes(app: FastifyInstance, { auth }: Pick<Container, 'auth'>) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: '/oauth/token',
    schema: { body: tokenRequest, response: { 200: tokenResponse, 400: tokenError } },
    handler: async (request, reply) => {
      const body = request.body ?? {};
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      const refuse = (error: keyof typeof OAUTH_ERRORS, description: string) =>
        reply.status(400).send({ error, error_description: description });

      if (!body.grant_type) return refuse('invalid_request', OAUTH_ERRORS.invalid_request('grant_type'));
      if (body.grant_type !== 'password')
        return refuse('unsupported_grant_type', OAUTH_ERRORS.unsupported_grant_type);
      if (!body.username) return refuse('invalid_request', OAUTH_ERRORS.invalid_request('username'));
      if (!body.password) return refuse('invalid_request', OAUTH_ERRORS.invalid_request('password'));
      const requested = (body.scope ?? '').split(' ').filter(Boolean);
      if (!requested.every(isTokenScope)) return refuse('invalid_scope', OAUTH_ERRORS.invalid_scope);
      const scopes: TokenScope[] = requested.length > 0 ? [...new Set(requested)] : ['api'];

      try {
        const { token, row } = await auth.passwordGrant({
          username: body.username,
          password: body.password,
          scopes,
          ip: request.ip,
        });
        return {
          access_token: token,
          token_type: 'Bearer' as const,
          expires_in: OAUTH_TOKEN_LIFETIME_SECONDS,
          scope: row.scopes.join(' '),
          created_at: Math.floor(row.createdAt.getTime() / 1000),
        };
      } catch (error) {
        // A wrong password and a blocked account are both an invalid grant to an OAuth client.
        if (error instanceof UnauthorizedError || error instanceof ForbiddenError)
          return refuse('invalid_grant', OAUTH_ERRORS.invalid_grant);
        throw error;
      }
    },
  });
}
