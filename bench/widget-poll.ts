// Issue 5's polling figure: an unchanged `widget.json` under 500 concurrent pollers (autocannon),
// answered 304 without a database query, next to a bare node:http server answering 304.
import { countStatements } from './statements';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../src/server/auth/current-user';
import { mergeRequestOn } from './fixtures';
import { pollOpenLoop, type PollFigures } from './open-loop';
import { WIDGET_POLL_INTERVAL_MS } from '../src/shared/polling/pollIntervals';
import { withBenchServer } from './server';
import { buildUser } from '../test/support/factories';

const POLLERS = 500;
const SECONDS = 10;

export type { PollFigures };

/** The open-loop runs: 500 pollers spread over each interval, as browsers poll. */
export type OpenLoopRun = {
  intervalMs: number;
  seconds: number;
  signedIn: PollFigures;
  anonymous: PollFigures;
  floor: PollFigures;
};

/** The interval the server gives browsers (`Poll-Interval`), and ten times as often. */
const OPEN_LOOP_INTERVALS_MS = [WIDGET_POLL_INTERVAL_MS, WIDGET_POLL_INTERVAL_MS / 10];

/** Every poller polls again as soon as its answer comes (autocannon's closed loop). */
export type WidgetPollFigures = {
  pollers: number;
  seconds: number;
  /** Pollers signed in with one session cookie, as the widget polls. */
  signedIn: PollFigures;
  /** Database queries the signed-in polls made, counted until the server had answered them all. */
  signedInQueries: number;
  /** The same polls without a session, on the public project. */
  anonymous: PollFigures;
  anonymousQueries: number;
  floor: PollFigures;
  /** An empty Fastify route answering 304 the same way: the framework's share of the floor. */
  fastifyFloor: PollFigures;
  openLoop: OpenLoopRun[];
  viewers: ViewersRun;
};

/**
 * 500 people, each signed in with a session of their own, polling at the widget's interval: what
 * a busy merge request sees between the checks of their ETags (every ETAG_TTL_MS, each one read).
 */
export type ViewersRun = {
  viewers: number;
  intervalMs: number;
  seconds: number;
  figures: PollFigures;
  /** SQL statements while they polled (each viewer's ETag is checked once its TTL is up). */
  statements: number;
  /** The server process's CPU time while they polled. */
  cpuMs: number;
};

const VIEWERS_SECONDS = 75;

async function poll(url: string, headers: Record<string, string>): Promise<PollFigures> {
  // In a worker thread, so the pollers do not share the server's event loop. (Paced pollers,
  // autocannon's connectionRate, fire in bursts that give even the floor a p99 over 100 ms.)
  const result = await autocannon({ url, headers, connections: POLLERS, duration: SECONDS, workers: 1 });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    notModified: result['3xx'],
    others: result['1xx'] + result['2xx'] + result['4xx'] + result['5xx'] + result.errors + result.timeouts,
  };
}

/** Signs in through the sign-in form's route; the session cookie's value. */
async function sessionCookie(app: FastifyInstance, user: { username: string; password: string }) {
  const answer = await app.inject({
    method: 'POST',
    url: '/users/sign_in',
    payload: { login: user.username, password: user.password },
  });
  const session = answer.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
  if (!session) throw new Error(`sign in answered ${answer.statusCode}`);
  return session;
}

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

/**
 * A merge request's `widget.json`, polled with the ETag the first answer gave, by 500 signed-in
 * pollers (one session cookie) on the server listening on a local port, then by anonymous ones;
 * the floor is a node:http server in the same process answering every request 304 with the same
 * headers, and beside it an empty Fastify route doing the same.
 */
export function measureWidgetPoll(): Promise<WidgetPollFigures> {
  return withBenchServer('widget', async ({ deps, container, app, owner }) => {
    const mr = await mergeRequestOn(container, owner, 5, 10);
    const session = await sessionCookie(app, owner);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${base}${mr.url}/widget.json`;

    const etagFor = async (headers: Record<string, string>) => {
      const first = await fetch(url, { headers });
      const etag = first.headers.get('etag');
      if (first.status !== 200 || !etag) throw new Error(`widget.json answered ${first.status}`);
      const second = await fetch(url, { headers: { ...headers, 'if-none-match': etag } });
      if (second.status !== 304) throw new Error(`an unchanged widget.json answered ${second.status}`);
      return {
        ...headers,
        'if-none-match': etag,
        'poll-interval': second.headers.get('poll-interval') ?? '',
      };
    };
    const signedIn = await etagFor({ cookie: `${SESSION_COOKIE}=${session}` });
    const anonymousHeaders = await etagFor({});

    const floorHeaders = { etag: signedIn['if-none-match'], 'poll-interval': signedIn['poll-interval'] };
    const floorServer = createServer((_request, response) => response.writeHead(304, floorHeaders).end());
    const floorUrl = await listen(floorServer);
    const fastifyFloor = Fastify();
    fastifyFloor.get('/*', (_request, reply) => reply.code(304).headers(floorHeaders).send());
    const fastifyFloorUrl = await fastifyFloor.listen({ port: 0, host: '127.0.0.1' });
    const { 'poll-interval': _ignored, ...pollerHeaders } = signedIn;
    const { 'poll-interval': _alsoIgnored, ...anonymousPollerHeaders } = anonymousHeaders;

    if (deps.database.kind !== 'pglite') throw new Error('the widget bench counts PGlite statements');
    const queries = countStatements(deps.database);
    // Pollers that gave up (timeouts) leave requests the server still answers: count until it is idle.
    const queriesOf = async (run: () => Promise<PollFigures>) => {
      const before = queries.count();
      const figures = await run();
      let seen = -1;
      while (seen !== queries.count()) {
        seen = queries.count();
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      return { figures, queries: queries.count() - before };
    };
    try {
      const signedIn = await queriesOf(() => poll(url, pollerHeaders));
      const anonymous = await queriesOf(() => poll(url, anonymousPollerHeaders));
      const floor = await poll(floorUrl, pollerHeaders);
      const fastifyFloorFigures = await poll(`${fastifyFloorUrl}${mr.url}/widget.json`, pollerHeaders);
      const openLoop: OpenLoopRun[] = [];
      for (const intervalMs of OPEN_LOOP_INTERVALS_MS) {
        // At least two polls each.
        const load = { pollers: POLLERS, intervalMs, seconds: Math.max(SECONDS, (2 * intervalMs) / 1000) };
        openLoop.push({
          intervalMs,
          seconds: load.seconds,
          signedIn: await pollOpenLoop({ ...load, url, headers: pollerHeaders }),
          anonymous: await pollOpenLoop({ ...load, url, headers: anonymousPollerHeaders }),
          floor: await pollOpenLoop({ ...load, url: floorUrl, headers: pollerHeaders }),
        });
      }
      const viewers = await pollAsViewers(
        url,
        async () => ({ cookie: `${SESSION_COOKIE}=${await sessionCookie(app, await buildUser(container))}` }),
        queries.count,
      );
      return {
        pollers: POLLERS,
        seconds: SECONDS,
        signedIn: signedIn.figures,
        signedInQueries: signedIn.queries,
        anonymous: anonymous.figures,
        anonymousQueries: anonymous.queries,
        floor,
        fastifyFloor: fastifyFloorFigures,
        openLoop,
        viewers,
      };
    } finally {
      await new Promise((resolve) => floorServer.close(resolve));
      await fastifyFloor.close();
    }
  });
}

/** Signs in 500 people, takes each one's first answer and ETag, then has them all poll it. */
async function pollAsViewers(
  url: string,
  signIn: () => Promise<Record<string, string>>,
  statements: () => number,
): Promise<ViewersRun> {
  const headers: Record<string, string>[] = [];
  for (let i = 0; i < POLLERS; i++) {
    const session = await signIn();
    const first = await fetch(url, { headers: session });
    const etag = first.headers.get('etag');
    if (first.status !== 200 || !etag) throw new Error(`widget.json answered ${first.status}`);
    headers.push({ ...session, 'if-none-match': etag });
  }
  const before = statements();
  const cpuBefore = process.cpuUsage();
  const load = { pollers: POLLERS, intervalMs: WIDGET_POLL_INTERVAL_MS, seconds: VIEWERS_SECONDS };
  const figures = await pollOpenLoop({ ...load, url, headers });
  const cpu = process.cpuUsage(cpuBefore);
  return {
    viewers: POLLERS,
    intervalMs: load.intervalMs,
    seconds: load.seconds,
    figures,
    statements: statements() - before,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}
