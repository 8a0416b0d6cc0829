import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BusEvent, EventBus } from '../realtime/bus';
import { createEtagCache } from '../realtime/etags';

/** The header GitLab's frontend polls a graph with, naming what the answer shows. */
export const RESOURCE_ETAG_HEADER = 'x-gitlab-graphql-resource-etag';
/** GitLab's key of a pipeline's graph (`graphql_etag_pipeline_path`), the only one answered here. */
const PIPELINE_KEY = /^\/api\/graphql:pipelines\/id\/(\d{1,12})$/;

/** Past this many pipelines polled, the list of them starts afresh (the cache bounds itself too). */
const MAX_KNOWN = 50_000;

type Polled = { group: string; viewer: string; mark: number };

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/** What a pipeline's answer may change with: its jobs and itself; any viewer's rights, rarely. */
function pipelineOf(event: BusEvent): number | null {
  switch (event.type) {
    case 'pipeline.updated':
    case 'pipeline.deleted':
    case 'job.updated':
      return event.pipelineId;
    default:
      return null;
  }
}
const RIGHTS_CHANGED = new Set(['members.changed', 'project.updated', 'user.auth_changed']);

/**
 * GitLab's ETag caching of GraphQL polls: a GET of `/api/graphql` carrying
 * `X-GITLAB-GRAPHQL-RESOURCE-ETAG: /api/graphql:pipelines/id/{id}` (the pipeline's
 * `graphqlResourceEtag`) answers an ETag, and 304 without running the query while nothing of
 * the pipeline changed for this viewer and query. Changes come over the bus, from any process.
 */
export function registerGraphqlResourceEtags(app: FastifyInstance, bus: EventBus): void {
  const known = new Set<string>();
  const etags = createEtagCache(bus, (event) => {
    if (RIGHTS_CHANGED.has(event.type)) {
      const all = [...known];
      known.clear();
      return all;
    }
    const pipelineId = pipelineOf(event);
    return pipelineId === null ? [] : [`pipeline:${pipelineId}`];
  });
  const polls = new WeakMap<FastifyRequest, Polled>();

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || request.routeOptions.url !== '/api/graphql') return;
    const key = request.headers[RESOURCE_ETAG_HEADER];
    const pipelineId = typeof key === 'string' ? PIPELINE_KEY.exec(key)?.[1] : undefined;
    if (!pipelineId) return;
    const group = `pipeline:${pipelineId}`;
    const viewer = `${request.currentUser?.id ?? 0}:${sha1(JSON.stringify(request.query))}`;
    const cached = etags.current(group, viewer);
    if (cached && !cached.stale && request.headers['if-none-match'] === cached.etag)
      return reply.code(304).header('etag', cached.etag).send();
    polls.set(request, { group, viewer, mark: etags.generation(group) });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const polled = polls.get(request);
    if (!polled || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const etag = `W/"${sha1(payload)}"`;
    // An event that came in while the query ran may not be in this answer: not remembered.
    if (etags.generation(polled.group) === polled.mark) {
      if (known.size >= MAX_KNOWN) known.clear();
      known.add(polled.group);
      etags.remember(polled.group, polled.viewer, etag);
    }
    reply.header('etag', etag);
    if (request.headers['if-none-match'] !== etag) return payload;
    reply.code(304);
    return '';
  });
}
