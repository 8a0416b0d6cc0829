import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers a polled page JSON with a weak ETag of its content, or 304 with no body when the
 * poller's `If-None-Match` already names it: a pipeline page polled every few seconds sends its
 * jobs again only when one of them moved. The browser's own cache is told to keep nothing, as the
 * page sends its ETags itself.
 */
export function withEtag<T>(request: FastifyRequest, reply: FastifyReply, body: T): T | FastifyReply {
  const etag = `W/"${createHash('sha1').update(JSON.stringify(body)).digest('hex')}"`;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  const asked = request.headers['if-none-match'];
  if (asked && asked.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send();
  return body;
}
