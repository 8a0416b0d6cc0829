import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WIDGET_POLL_INTERVAL_MS } from '../../../shared/polling/pollIntervals';
import type { Container } from '../../container';
import { createEtagCache } from '../../realtime/etags';
import { noteablePageParams, projectPagePrefixes } from '../../page-paths';
import { sharedRead } from '../../shared-read';

/** Where a merge request's answers are filed: its id, which its own events and its notes' events name. */
const groupOf = (mergeRequestId: number) => `merge_request:${mergeRequestId}`;
const MAX_ALIASES = 50_000;

/** Files `group` under `key`, whose events drop it. */
function file(groupsOf: Map<number, Set<string>>, key: number, group: string): void {
  const groups = groupsOf.get(key) ?? new Set<string>();
  groupsOf.set(key, groups.add(group));
}

type Load = () => Promise<{
  projectId: number;
  mergeRequestId: number;
  /** The requests it waits for: their titles and states show in its blocking report. */
  blockers?: ReadonlyArray<{ id: number; projectId: number }>;
  body: unknown;
}>;

/**
 * The widget's polled JSON: `cached_widget.json` (the same for everyone) and `widget.json` (what
 * this viewer may do). Both carry an ETag and `Poll-Interval`; a poll whose ETag still stands is
 * answered 304 from memory, without reading the database, until an event about the request (from
 * any process); past its TTL, it is answered from memory while one read checks it.
 */
export function registerWidgetRoutes(
  app: FastifyInstance,
  { widgets, bus }: Pick<Container, 'widgets' | 'bus'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // A note can change what the widget shows (threads to resolve), so its events count too; a push
  // (a deleted branch, a moved target), a project setting (archived, protected branches) or its
  // members change all of a project's. A widget also shows the requests it waits for: a change to
  // one, or to who may read its project, changes it too.
  const groupsOfProject = new Map<number, Set<string>>();
  const groupsOfBlocker = new Map<number, Set<string>>();
  const etags = createEtagCache(bus, (event) => {
    switch (event.type) {
      case 'merge_request.updated':
        return [groupOf(event.mergeRequestId), ...(groupsOfBlocker.get(event.mergeRequestId) ?? [])];
      case 'note.changed':
        return event.noteableType === 'MergeRequest' ? [groupOf(event.noteableId)] : [];
      case 'job.finished': {
        // A rebase that ended is a change of `rebase_in_progress`, announced by nothing else.
        const mergeRequestId = /^merge_request:(\d+)$/.exec(event.queue)?.[1];
        return mergeRequestId ? [groupOf(Number(mergeRequestId))] : [];
      }
      case 'repository.pushed':
      case 'project.updated':
        return [...(groupsOfProject.get(event.projectId) ?? [])];
      // A group's members reach into all its projects: rare enough to drop every widget's.
      case 'members.changed':
        return event.of.kind === 'project'
          ? [...(groupsOfProject.get(event.of.id) ?? [])]
          : [...groupsOfProject.values()].flatMap((groups) => [...groups]);
      default:
        return [];
    }
  });
  // URL paths to groups, learned on each full answer: a 304 needs no lookup.
  const groupsByPath = new Map<string, string>();

  /** What a full read gives every poll that waited on it: the body and its ETag. */
  type Read = { json: string; etag: string };
  const shared = sharedRead<Read>();

  /**
   * Reads the answer and remembers its ETag, unless an event overtook the read: `mark` is the
   * group's generation (or, before the group is known, the count of all events) when it began.
   */
  async function read(
    path: string,
    viewer: string,
    load: Load,
    knownGroup: string | undefined,
    mark: number,
  ) {
    const { projectId, mergeRequestId, blockers = [], body } = await load();
    const group = groupOf(mergeRequestId);
    const json = JSON.stringify(body);
    const etag = `W/"${createHash('sha1').update(json).digest('hex')}"`;
    const overtaken =
      knownGroup === group
        ? etags.generation(group) !== mark
        : etags.events() !== mark || knownGroup !== undefined;
    if (!overtaken) etags.remember(group, viewer, etag);
    if (groupsByPath.size >= MAX_ALIASES) {
      groupsByPath.clear();
      groupsOfProject.clear();
      groupsOfBlocker.clear();
    }
    groupsByPath.set(path, group);
    file(groupsOfProject, projectId, group);
    for (const blocker of blockers) {
      file(groupsOfBlocker, blocker.id, group);
      file(groupsOfProject, blocker.projectId, group);
    }
    return { json, etag } satisfies Read;
  }

  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    viewer: string,
    load: Load,
  ) {
    reply.header('poll-interval', String(WIDGET_POLL_INTERVAL_MS));
    const asked = request.headers['if-none-match'];
    const knownGroup = groupsByPath.get(path);
    // Polls of one viewer arriving while its answer is read (after an event, or when its ETag
    // aged out) share that read: the permission check in `load` is the same for all of them, and
    // the mark in the key keeps a poll sent after an event from sharing a read begun before it.
    const mark = knownGroup ? etags.generation(knownGroup) : etags.events();
    const readShared = () => {
      const identity = request.currentUser ? `user:${request.currentUser.id}` : 'anonymous';
      const key = [request.routeOptions.url, path, identity, mark].join('\n');
      return shared(key, () => read(path, viewer, load, knownGroup, mark));
    };

    const known = asked && knownGroup ? etags.current(knownGroup, viewer) : null;
    if (known && knownGroup && known.etag === asked) {
      // Past its TTL the ETag still answers while one read checks it, so no poll waits on it.
      if (known.stale) {
        readShared().catch((error: unknown) => {
          etags.forget(knownGroup, viewer);
          request.log.info({ err: error }, 'a stale widget ETag no longer holds for its viewer');
        });
      }
      // A 304 carries the ETag a 200 would (RFC 9110), so caches keep validating with it.
      return reply.code(304).header('etag', known.etag).send();
    }
    const { json, etag } = await readShared();
    reply.header('etag', etag);
    if (asked === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(json);
  }

  for (const prefix of projectPagePrefixes()) {
    const base = `${prefix}/-/merge_requests/:iid`;

    api.route({
      method: 'GET',
      url: `${base}/cached_widget.json`,
      schema: { params: noteablePageParams },
      handler: async (request, reply) => {
        const { fullPath, iid } = request.params;
        return answer(request, reply, `${fullPath.toLowerCase()}!${iid}`, 'everyone', async () => {
          const widget = await widgets.cached(request.currentUser, fullPath, iid);
          return widget;
        });
      },
    });

    api.route({
      method: 'GET',
      url: `${base}/widget.json`,
      schema: { params: noteablePageParams },
      handler: async (request, reply) => {
        const { fullPath, iid } = request.params;
        const viewer = request.currentUser ? `user:${request.currentUser.id}` : 'anonymous';
        return answer(request, reply, `${fullPath.toLowerCase()}!${iid}`, viewer, async () => {
          const widget = await widgets.forViewer(request.currentUser, fullPath, iid);
          return widget;
        });
      },
    });
  }
}
