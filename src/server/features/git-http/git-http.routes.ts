import { PassThrough, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ScopeNeed } from '../../auth/token-scopes';
import type { Container } from '../../container';
import { AppError, BadRequestError, TooManyRequestsError, UnsupportedMediaTypeError } from '../../errors';
import { PushProtocolError, readReceivePackRequest, reportStatus } from '../../git/receive-pack';
import type { GitStream } from '../../git/run-git';
import { advertiseRefs, GIT_SERVICES, runService, type GitService } from '../../git/smart-http';
import { isValidationError, validationMessage } from '../../validation';
import { GIT_MESSAGES } from './git-http.service';

/** GitLab nests groups at most 20 deep. */
const MAX_NAMESPACE_DEPTH = 20;

/** `/:ns0/:ns1/:project.git`, one route per depth: a URL wildcard cannot end in `.git/info/refs`. */
const repositoryPrefixes = Array.from({ length: MAX_NAMESPACE_DEPTH }, (_, depth) =>
  [...Array.from({ length: depth + 1 }, (_, i) => `/:ns${i}`), '/:project.git'].join(''),
);

const pathParams = z.record(z.string(), z.string().min(1).max(255));

function fullPathOf(params: Record<string, string>): string {
  const parts: string[] = [];
  for (let i = 0; params[`ns${i}`] !== undefined; i++) parts.push(params[`ns${i}`] ?? '');
  return [...parts, params.project ?? ''].join('/');
}

/** Responses a proxy or the client must never cache, as git http-backend sends them. */
function noCache(reply: FastifyReply): FastifyReply {
  return reply
    .header('expires', 'Fri, 01 Jan 1980 00:00:00 GMT')
    .header('pragma', 'no-cache')
    .header('cache-control', 'no-cache, max-age=0, must-revalidate');
}

function requestBody(request: FastifyRequest): Readable {
  if (request.headers['content-encoding'] === 'gzip') {
    const gunzip = createGunzip();
    request.raw.pipe(gunzip);
    return gunzip;
  }
  return request.raw;
}

/** Streams git's answer into the reply; stops git if the client goes away mid-way. */
function streamReply(reply: FastifyReply, git: GitStream, body: Readable): FastifyReply {
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) git.kill();
  });
  return reply.send(body);
}

/** `info/refs` starts a clone or a push: what a token needs depends on which. */
const discoveryNeed = (request: FastifyRequest): ScopeNeed =>
  (request.query as { service?: unknown }).service === 'git-receive-pack' ? 'git_write' : 'git_read';

/**
 * A service request must say it is one (`application/x-git-upload-pack-request`), as git sends it:
 * any other body would be read by another parser, and git would wait for a request that never
 * comes (receive-pack) or answer nothing (upload-pack). Refused before anything is read.
 */
const requestOf = (service: GitService) => {
  const expected = `application/x-${service}-request`;
  return async (request: FastifyRequest): Promise<void> => {
    const type = (request.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase();
    if (type !== expected)
      throw new UnsupportedMediaTypeError(`Unsupported Media Type: expected ${expected}`);
  };
};

const gitActor = (request: FastifyRequest) =>
  // Browsers' session cookies do not authorize git: a page must not push on the user's behalf.
  request.auth.method === 'session' ? null : request.currentUser;

/** The one project a CI job token may read: its job's. */
const jobProjectOf = (request: FastifyRequest) =>
  request.auth.method === 'job_token' ? request.auth.projectId : undefined;

/**
 * git over smart HTTP (gitprotocol-http): `info/refs`, `git-upload-pack` (clone, fetch) and
 * `git-receive-pack` (push). Request bodies stream straight into git, whatever their size.
 */
export async function registerGitHttpRoutes(
  app: FastifyInstance,
  { gitHttp }: Pick<Container, 'gitHttp'>,
): Promise<void> {
  await app.register(async (scope) => {
    // The route reads request.raw itself; a parser that consumed the body would buffer whole packs.
    scope.addContentTypeParser(/^application\/x-git-[a-z-]+-request$/, (_request, _payload, done) =>
      done(null),
    );
    scope.setErrorHandler(gitErrorHandler);
    const api = scope.withTypeProvider<ZodTypeProvider>();

    for (const prefix of repositoryPrefixes) {
      api.route({
        method: 'GET',
        url: `${prefix}/info/refs`,
        config: { tokenScope: discoveryNeed },
        schema: { params: pathParams, querystring: z.object({ service: z.enum(GIT_SERVICES) }) },
        handler: async (request, reply) => {
          const service = request.query.service;
          const ctx = await gitHttp.authorize(
            gitActor(request),
            fullPathOf(request.params),
            service,
            jobProjectOf(request),
          );
          const { header, git } = advertiseRefs(ctx.gitDir, service, { protocol: protocolOf(request) });
          const body = new PassThrough();
          body.write(header);
          git.stdout.pipe(body);
          noCache(reply).type(`application/x-${service}-advertisement`);
          return streamReply(reply, git, body);
        },
      });

      api.route({
        method: 'POST',
        url: `${prefix}/git-upload-pack`,
        config: { tokenScope: 'git_read' },
        schema: { params: pathParams },
        onRequest: requestOf('git-upload-pack'),
        handler: async (request, reply) => {
          const ctx = await gitHttp.authorize(
            gitActor(request),
            fullPathOf(request.params),
            'git-upload-pack',
            jobProjectOf(request),
          );
          const git = runService(ctx.gitDir, 'git-upload-pack', { protocol: protocolOf(request) });
          requestBody(request).pipe(git.stdin);
          noCache(reply).type('application/x-git-upload-pack-result');
          return streamReply(reply, git, git.stdout);
        },
      });

      api.route({
        method: 'POST',
        url: `${prefix}/git-receive-pack`,
        config: { tokenScope: 'git_write' },
        schema: { params: pathParams },
        onRequest: requestOf('git-receive-pack'),
        handler: async (request, reply) => {
          const { ctx, actor } = await gitHttp.authorizePush(gitActor(request), fullPathOf(request.params));
          const body = requestBody(request);
          const push = await readReceivePackRequest(body).catch((error: unknown) => {
            if (error instanceof PushProtocolError)
              throw new BadRequestError(`Malformed push: ${error.message}`);
            throw error;
          });
          const verdict = await gitHttp.judgePush(ctx, actor, push.commands);
          noCache(reply).type('application/x-git-receive-pack-result');
          if (verdict.refused) {
            // git sends the whole pack before it reads an answer: take it all, write nothing.
            // The body may have ended already while the refs were judged; `finished` knows.
            body.resume();
            await finished(body);
            return reply.send(reportStatus(verdict.results, push.capabilities, verdict.messages));
          }
          const git = runService(ctx.gitDir, 'git-receive-pack', {
            fastForwardOnlyRefs: verdict.fastForwardOnlyRefs,
          });
          git.stdin.write(push.head);
          if (push.ended) git.stdin.end();
          else body.pipe(git.stdin);
          // The response ends only after the push hooks ran, so a client that saw its push
          // succeed also sees what followed from it.
          const out = new PassThrough();
          git.stdout.pipe(out, { end: false });
          git.stdout.on('end', () => {
            void git.exited
              .then(() =>
                gitHttp.afterPush(ctx, actor, push.commands, (error) =>
                  request.log.error({ err: error }, 'push hook failed'),
                ),
              )
              .catch((error: unknown) => request.log.error({ err: error }, 'after-push work failed'))
              .finally(() => out.end());
          });
          return streamReply(reply, git, out);
        },
      });
    }
  });
}

function protocolOf(request: FastifyRequest): string | undefined {
  const header = request.headers['git-protocol'];
  return typeof header === 'string' ? header : undefined;
}

/**
 * git shows a text/plain error body to its user as `remote: ...` lines; a 401 carries the Basic
 * challenge so that git asks for (or sends) credentials and tries again.
 */
function gitErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  let status = 500;
  let message = 'Internal server error';
  if (error instanceof AppError) {
    status = error.statusCode;
    message = status === 404 ? GIT_MESSAGES.notFound : error.message.replace(/^\d{3} /, '');
  } else if (isValidationError(error)) {
    status = 400;
    message = validationMessage(error);
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    status = error.statusCode;
    message = error.message;
  } else {
    request.log.error({ err: error }, 'git over HTTP failed');
    message = `${message} (request id ${request.id})`;
  }
  if (status === 401) reply.header('www-authenticate', 'Basic realm="Mergeway"');
  if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.status(status).type('text/plain; charset=utf-8').send(`${message}\n`);
}
