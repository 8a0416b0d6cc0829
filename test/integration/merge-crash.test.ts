import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MergeRequestDetail } from '../../src/shared/api/mergeRequests';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { openServerProcessDatabase } from '../support/test-database';

const ROOT_PASSWORD = 'crash-test-password';
const REQUESTS = 8;

type Note = { body: string; system: boolean };
type Commit = { id: string };

/** A REST client of one server, signed in as root with the password grant. */
async function restClient(base: string) {
  const token = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: 'root', password: ROOT_PASSWORD }),
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  return async <T>(method: string, url: string, body?: unknown): Promise<{ status: number; json: T }> => {
    const response = await fetch(`${base}/api/v4${url}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: (await response.json()) as T };
  };
}

/**
 * A server killed (`kill -9`) in the middle of eight merges into one target, then started again on
 * the same data: before it answers anyone it has settled every merge the dead process left
 * `locked`. Each request ends merged (its commit on the target, its `merged` note once) or open and
 * mergeable (nothing of it on the target), and merges again at once.
 */
describe('a server killed in the middle of merges', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof openServerProcessDatabase>>;
  const servers: ServerProcess[] = [];
  const start = async () => {
    const server = await startServerProcess(dataDir, {
      INITIAL_ROOT_PASSWORD: ROOT_PASSWORD,
      SEED_DEMO: 'false',
      RUNNER: 'none',
      ...database.env,
    });
    servers.push(server);
    await server.ready;
    return server;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'merge-crash-'));
    // The run's migrated database, so the server need not create one (seconds of WebAssembly).
    database = await openServerProcessDatabase(dataDir);
  });
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('settles each merge at start: merged with one note, or open and mergeable', async () => {
    const first = await start();
    let api = await restClient(first.url);
    const project = await api<{ id: number }>('POST', '/projects', {
      name: 'crash',
      initialize_with_readme: true,
    });
    const id = project.json.id;
    const iids: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const branch = `part-${i}`;
      const file = await api('POST', `/projects/${id}/repository/files/${branch}.txt`, {
        branch,
        start_branch: 'main',
        content: `part ${i}\n`,
        commit_message: `Add part ${i}`,
      });
      expect(file.status).toBe(201);
      const mr = await api<{ iid: number }>('POST', `/projects/${id}/merge_requests`, {
        source_branch: branch,
        target_branch: 'main',
        title: `Part ${i}`,
      });
      iids.push(mr.json.iid);
    }

    // Eight merges at once; the process dies while at least one of them holds its request.
    const merges = iids.map((iid) =>
      api('PUT', `/projects/${id}/merge_requests/${iid}/merge`).catch(() => null),
    );
    const startedAt = Date.now();
    for (;;) {
      const locked = await api<unknown[]>('GET', `/projects/${id}/merge_requests?state=locked`);
      if (locked.json.length > 0) break;
      if (Date.now() - startedAt > 5_000) throw new Error('no merge was seen under way');
    }
    first.child.kill('SIGKILL');
    await first.exited;
    await Promise.all(merges);

    const second = await start();
    api = await restClient(second.url);
    // Settled before the first answer: a list does not settle anything itself.
    const locked = await api<unknown[]>('GET', `/projects/${id}/merge_requests?state=locked`);
    expect(locked.json).toEqual([]);
    expect(second.output()).toMatch(/settled [1-8] merge\(s\) cut short/);

    const onMain = new Set(
      (await api<Commit[]>('GET', `/projects/${id}/repository/commits?ref_name=main&per_page=100`)).json.map(
        (commit) => commit.id,
      ),
    );
    const open: number[] = [];
    for (const iid of iids) {
      const url = `/projects/${id}/merge_requests/${iid}`;
      const mr = (await api<MergeRequestDetail>('GET', url)).json;
      const notes = (await api<Note[]>('GET', `${url}/notes?per_page=100`)).json;
      const mergedNotes = notes.filter((note) => note.system && note.body === 'merged');
      if (mr.state === 'merged') {
        expect(onMain.has(mr.merge_commit_sha ?? ''), `!${iid} merged: its commit is on main`).toBe(true);
        expect(mergedNotes, `!${iid} merged: one note`).toHaveLength(1);
      } else {
        expect([mr.state, mr.detailed_merge_status], `!${iid} open`).toEqual(['opened', 'mergeable']);
        expect(onMain.has(mr.sha ?? ''), `!${iid} open: nothing of it on main`).toBe(false);
        expect(mergedNotes).toHaveLength(0);
        open.push(iid);
      }
    }
    // Nothing is left "already being merged": the open ones merge now.
    for (const iid of open) {
      const merged = await api<MergeRequestDetail>('PUT', `/projects/${id}/merge_requests/${iid}/merge`);
      expect([merged.status, merged.json.state]).toEqual([200, 'merged']);
    }
  }, 120_000);
});
