import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequestError } from '../errors';
import { nestParams, parseNestedParams } from './nested-params';

const API_PREFIX = '/api/v4/';
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

/** The text fields of a multipart body; a file where no upload is taken cannot be read as a parameter. */
async function multipartFields(request: FastifyRequest, body: Buffer) {
  const contentType = request.headers['content-type'] ?? '';
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } })
    .formData()
    .catch(() => {
      throw new BadRequestError('The multipart body cannot be read');
    });
  const pairs: [string, string][] = [];
  for (const [name, value] of form) {
    if (typeof value !== 'string') throw new BadRequestError(`${name} is invalid`);
    pairs.push([name, value]);
  }
  return nestParams(pairs);
}

/**
 * Body parsers for every route: JSON (an empty body is no body, whatever the method and content
 * type say), form bodies with Rack's `a[]=` lists and `a[b]=` hashes, and the text fields of
 * multipart bodies. Upload routes register @fastify/multipart in their own scope: Fastify prefers
 * its string-typed parser there to this RegExp-typed one.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, String(body), done);
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      try {
        done(null, parseNestedParams(String(body)));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  app.addContentTypeParser(
    /^multipart\/form-data/i,
    { parseAs: 'buffer' },
    (request: FastifyRequest, body: Buffer) => multipartFields(request, body),
  );
}

/** The query string of a request's URL, undecoded. */
function rawQuery(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
}

/**
 * GitLab's API reads one set of parameters, whatever carries them (Grape over Rack): the query
 * string, and the body's fields over it (a body field wins, as Rack's `GET.merge(POST)`). Every
 * REST v4 route's query and body schemas see that one set, so `merge?sha=...` and a form-encoded
 * `position[new_line]=2` are read as their JSON forms are. Path parameters stay apart and win.
 */
export function registerApiParams(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.url?.startsWith(API_PREFIX)) return;
    const query = parseNestedParams(rawQuery(request.url));
    // Rack reads a body's fields only for these methods; a GET's body is no parameter.
    const hasBody = METHODS_WITH_BODY.has(request.method);
    const body: unknown = hasBody ? request.body : undefined;
    // A body that is not a set of fields (a JSON list, raw bytes) is the route's own to read.
    if (body !== undefined && body !== null && !isPlainObject(body)) {
      request.query = query;
      return;
    }
    const params = { ...query, ...body };
    request.query = params;
    if (hasBody) request.body = params;
  });

  // GitLab answers `application/json` exactly; some clients (python-gitlab) accept nothing else.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith(API_PREFIX)) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && /^application\/json;\s*charset=utf-8$/i.test(type)) {
      reply.header('content-type', 'application/json');
    }
    return payload;
  });
}
