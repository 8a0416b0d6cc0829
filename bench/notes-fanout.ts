// Live notes to many viewers: 200 graphql-ws clients subscribed to one merge request's notes, a note
// created through the API, and the time until each of them hears of it; next to a bare `ws` broadcast.
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createClient, type Client } from 'graphql-ws';
import WebSocket, { WebSocketServer } from 'ws';
import { ACCESS_LEVELS } from '../src/shared/access/accessLevels';
import { addProjectMember, buildUser, type TestUser } from '../test/support/factories';
import { mergeRequestOn } from './fixtures';
import { withBenchServer } from './server';

/** From the POST that creates the note to each viewer's message, over every note. */
export type Deliveries = {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** The POST itself (written, answered), median. */
  postMs: number;
};

export type FanoutFigures = {
  viewers: number;
  notes: number;
  /** Every socket signed in as the same user (one person's tabs, or a shared account). */
  oneUser: Deliveries;
  /** Each socket a different user, half of them Developers of the project, half not members. */
  distinctUsers: Deliveries;
  floor: { p50Ms: number; p95Ms: number; maxMs: number };
};

const VIEWERS = 200;
const NOTES = 5;
/** What the Activity section subscribes to (useLiveNotes), on one socket per viewer. */
const EVENTS = ['workItemNoteCreated', 'workItemNoteUpdated', 'workItemNoteDeleted'] as const;

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * q) - 1)]!;
const summary = (values: number[]) => ({
  p50Ms: quantile(values, 0.5),
  p95Ms: quantile(values, 0.95),
  maxMs: Math.max(...values),
});
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `count` callbacks have been made, or rejects after `ms`. */
function countdown(count: number, ms: number, what: string) {
  let left = count;
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${left} of ${count} ${what} after ${ms} ms`)), ms);
    done = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return {
    finished,
    tick: () => {
      if (--left === 0) done();
    },
  };
}

/**
 * One signed-in viewer's socket with the Activity section's three subscriptions; `onCreated`
 * hears each new note's id.
 */
function viewer(url: string, token: string, noteableId: string, onCreated: (id: string) => void) {
  class AuthenticatedWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: { 'private-token': token } });
    }
  }
  const client: Client = createClient({ url, webSocketImpl: AuthenticatedWebSocket, lazy: false });
  for (const event of EVENTS) {
    client.subscribe<Record<string, { id: string } | null>>(
      {
        query: `subscription($noteableId: NoteableID!) { ${event}(noteableId: $noteableId) { id } }`,
        variables: { noteableId },
      },
      {
        next: ({ data }) => {
          const id = data?.[event]?.id;
          if (event === 'workItemNoteCreated' && id) onCreated(id);
        },
        error: (error) => console.error('subscription error', error),
        complete: () => undefined,
      },
    );
  }
  return client;
}

/** The floor: a bare `ws` server sending one small message to the same number of sockets. */
async function broadcastFloor(): Promise<number[]> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const latencies: number[] = [];
  let sentAt = 0;
  let round = countdown(VIEWERS, 30_000, 'floor sockets connected');
  server.on('connection', round.tick);
  const sockets = Array.from({ length: VIEWERS }, () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}`);
    socket.on('message', () => {
      latencies.push(performance.now() - sentAt);
      round.tick();
    });
    return socket;
  });
  await round.finished;
  try {
    for (let note = 0; note < NOTES; note++) {
      round = countdown(VIEWERS, 30_000, 'floor messages');
      sentAt = performance.now();
      const message = JSON.stringify({ id: '1', type: 'next', payload: { data: { id: `n${note}` } } });
      for (const client of server.clients) client.send(message);
      await round.finished;
      await settle(200);
    }
  } finally {
    for (const socket of sockets) socket.close();
    await new Promise((resolve) => server.close(resolve));
  }
  return latencies;
}

type Stage = {
  address: string;
  notesUrl: string;
  noteableId: string;
  poster: TestUser;
};

/** The viewers (one socket per token) subscribe, then 5 notes are posted one after the other. */
async function deliver(
  { address, notesUrl, noteableId, poster }: Stage,
  tokens: string[],
): Promise<Deliveries> {
  let postedAt = 0;
  // Each note's own countdown is set before it is posted; none runs while the viewers connect.
  let round: ReturnType<typeof countdown> | null = null;
  const latencies: number[] = [];
  const clients = tokens.map((token) =>
    viewer(`${address.replace('http', 'ws')}/api/graphql`, token, noteableId, () => {
      latencies.push(performance.now() - postedAt);
      round?.tick();
    }),
  );
  const connected = countdown(tokens.length, 60_000, 'viewers connected');
  for (const client of clients) client.on('connected', connected.tick);
  await connected.finished;
  // The server registers a subscription after the socket's `connected`: give them all time to.
  await settle(2000);

  const posts: number[] = [];
  try {
    for (let note = 0; note < NOTES; note++) {
      round = countdown(tokens.length, 60_000, 'viewers heard the note');
      postedAt = performance.now();
      const response = await fetch(`${address}${notesUrl}`, {
        method: 'POST',
        headers: { ...poster.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ body: `Live note ${note}` }),
      });
      posts.push(performance.now() - postedAt);
      if (response.status !== 201) throw new Error(`POST notes answered ${response.status}`);
      await round.finished;
      await settle(500);
    }
  } finally {
    await Promise.all(clients.map(async (client) => client.dispose()));
  }
  if (latencies.length !== tokens.length * NOTES) throw new Error(`${latencies.length} messages heard`);
  return { ...summary(latencies), postMs: quantile(posts, 0.5) };
}

/**
 * Issue 4: 200 viewers of one merge request, 5 notes, the time until every viewer has each; first
 * with every socket as one user, then with 200 different users.
 */
export async function measureNotesFanout(): Promise<FanoutFigures> {
  return withBenchServer('notes-fanout', async ({ container, app, owner }) => {
    const mr = await mergeRequestOn(container, owner, 1, 2);
    const fullPath = mr.url.split('/-/')[0]!.slice(1);
    const noteable = await container.noteables.byIid(owner, 'MergeRequest', fullPath, 1);
    const people: TestUser[] = [];
    for (let n = 0; n < VIEWERS; n++) {
      const user = await buildUser(container, { name: `Viewer ${n}` });
      if (n % 2 === 0) await addProjectMember(container, noteable.ctx, user, ACCESS_LEVELS.developer);
      people.push(user);
    }
    const stage: Stage = {
      address: await app.listen({ port: 0, host: '127.0.0.1' }),
      notesUrl: `/api/v4/projects/${encodeURIComponent(fullPath)}/merge_requests/1/notes`,
      noteableId: `gid://gitlab/MergeRequest/${noteable.noteableId}`,
      poster: owner,
    };
    const oneUser = await deliver(
      stage,
      people.map(() => owner.token),
    );
    const distinctUsers = await deliver(
      stage,
      people.map((person) => person.token),
    );
    return {
      viewers: VIEWERS,
      notes: NOTES,
      oneUser,
      distinctUsers,
      floor: summary(await broadcastFloor()),
    };
  });
}
