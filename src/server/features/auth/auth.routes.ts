import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionResponseSchema, signInRequestSchema, signUpRequestSchema } from '../../../shared/api/session';
import { SESSION_COOKIE } from '../../auth/current-user';
import type { Container } from '../../container';
import { ForbiddenError } from '../../errors';
import type { StartedSession } from './auth.service';
import { presentSession } from './session.presenter';

export const CROSS_SITE_SIGN_IN = 'Sign-in from another site is not allowed.';

/** `host:port` with the scheme's default port left out, as URL normalises it. */
function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/**
 * Sign-in and sign-up come before any CSRF token exists, so another site's form must not be able
 * to post them (it would sign the visitor into the attacker's account). Browsers say where a
 * request comes from in Origin and Sec-Fetch-Site.
 */
function assertSameOrigin(request: FastifyRequest): void {
  if (request.headers['sec-fetch-site'] === 'cross-site') throw new ForbiddenError(CROSS_SITE_SIGN_IN);
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (hostOf(origin) !== hostOf(`${request.protocol}://${request.host}`))
    throw new ForbiddenError(CROSS_SITE_SIGN_IN);
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: StartedSession): void {
  reply.setCookie(SESSION_COOKIE, session.cookie, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    // Without "Remember me" the cookie ends with the browser; the server-side expiry holds either way.
    ...(session.persistent ? { expires: session.expiresAt } : {}),
  });
}

/** Browser sessions: `/users/sign_in`, `/users/sign_out`, `/users` (sign-up) and `/-/session`. */
export function registerAuthRoutes(
  app: FastifyInstance,
  { auth, config }: Pick<Container, 'auth' | 'config'>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    method: 'GET',
    url: '/-/session',
    schema: { response: { 200: sessionResponseSchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const csrfToken = request.auth.method === 'session' ? request.auth.csrfToken : null;
      return presentSession(request.currentUser, csrfToken, config);
    },
  });

  r.route({
    method: 'POST',
    url: '/users/sign_in',
    schema: { body: signInRequestSchema, response: { 200: sessionResponseSchema } },
    handler: async (request, reply) => {
      assertSameOrigin(request);
      const { user, session } = await auth.signIn({
        login: request.body.login,
        password: request.body.password,
        rememberMe: request.body.remember_me ?? false,
        ip: request.ip,
        previousCookie: request.cookies[SESSION_COOKIE],
      });
      setSessionCookie(request, reply, session);
      return presentSession(user, session.csrfToken, config);
    },
  });

  r.route({
    method: 'POST',
    url: '/users',
    schema: { body: signUpRequestSchema, response: { 201: sessionResponseSchema } },
    handler: async (request, reply) => {
      assertSameOrigin(request);
      const { user, session } = await auth.signUp(request.body);
      setSessionCookie(request, reply, session);
      return reply.status(201).send(presentSession(user, session.csrfToken, config));
    },
  });

  r.route({
    method: 'POST',
    url: '/users/sign_out',
    handler: async (request, reply) => {
      const cookie = request.cookies[SESSION_COOKIE];
      if (cookie) await auth.signOut(cookie);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send();
    },
  });
}
