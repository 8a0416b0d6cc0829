import { createServer, type Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import {
  addProjectMember,
  buildMergeRequest,
  pushFile,
} from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { CachedWidget } from '../../../shared/api/mergeWidget';
import type { StatusCheckJson } from '../../../shared/api/statusChecks';
import type { ProjectContext } from '../projects/projects.service';
import { insertStatusCheck } from './status-checks.repo';

/** The outside service: records what the server POSTs to it. */
function startService(host = '127.0.0.1') {
  const received: Array<{
    external_approval_rule: { id: number };
    object_attributes: { iid: number; last_commit: { id: string } };
  }> = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(JSON.parse(body) as (typeof received)[number]);
      response.writeHead(200).end();
    });
  });
  return new Promise<{ url: string; received: typeof received; server: Server }>((resolve) =>
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://${host}:${port}/check`, received, server });
    }),
  );
}

describe('external status checks (EXTERNAL_STATUS_CHECKS)', () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startService>>;
  let owner: TestUser;
  let developer: TestUser;
  let reporter: TestUser;
  let p: ProjectContext;
  let check: StatusCheckJson;
  beforeAll(async () => {
    // The outside service listens on this machine: this instance allows local requests.
    t = await createTestApp({ env: { ALLOW_LOCAL_REQUESTS_FROM_WEB_HOOKS_AND_SERVICES: 'true' } });
    service = await startService();
    owner = await buildUser(t.container);
    developer = await buildUser(t.container);
    reporter = await buildUser(t.container);
    p = await buildProject(t.container, owner);
    await addProjectMember(t.container, p, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, p, reporter, ACCESS_LEVELS.reporter);
  });
  afterAll(async () => {
    service.server.close();
    await t.close();
  });

  const checksUrl = () => `/api/v4/projects/${p.project.id}/external_status_checks`;
  const mrUrl = (iid = 1) => `/api/v4/projects/${p.project.id}/merge_requests/${iid}`;
  const call = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
  const listChecks = async () => (await call(owner, 'GET', checksUrl())).json<StatusCheckJson[]>();
  const mrChecks = async () => (await call(owner, 'GET', `${mrUrl()}/status_checks`)).json<unknown[]>();
  const head = async () =>
    (await call(owner, 'GET', mrUrl())).json<{ sha: string; detailed_merge_status: string }>();
  const widgetCheck = async () =>
    (await call(owner, 'GET', `/${p.fullPath}/-/merge_requests/1/cached_widget.json`))
      .json<CachedWidget>()
      .mergeability_checks.find((c) => c.identifier === 'EXTERNAL_STATUS_CHECKS')?.status;

  it('lets a Maintainer register a check, scoped to every branch', async () => {
    const response = await call(owner, 'POST', checksUrl(), {
      name: 'Compliance',
      external_url: service.url,
    });
    expect(response.statusCode).toBe(201);
    check = response.json<StatusCheckJson>();
    expect(check).toMatchObject({
      name: 'Compliance',
      project_id: p.project.id,
      external_url: service.url,
      hmac: false,
      protected_branches: [],
    });
    expect(await listChecks()).toEqual([check]);
  });

  it.each([
    ['a Developer', () => developer, 403],
    ['a Reporter', () => reporter, 403],
    ['an anonymous caller', () => null, 401],
  ])('refuses to let %s manage checks', async (_who, user, code) => {
    const created = await call(user(), 'POST', checksUrl(), { name: 'Other', external_url: service.url });
    expect(created.statusCode).toBe(code);
    expect((await call(user(), 'DELETE', `${checksUrl()}/${check.id}`)).statusCode).toBe(code);
    expect(await listChecks()).toHaveLength(1);
  });

  it.each([
    [{ name: 'Bad', external_url: 'ftp://example.com/x' }],
    [{ name: 'Bad', external_url: 'not a url' }],
    [{ external_url: 'https://example.com/x' }],
    [{ name: 'Compliance', external_url: 'https://example.com/x' }],
    [{ name: 'Bad', external_url: 'https://example.com/x', protected_branch_ids: [999_999] }],
  ])('refuses %j with 400 and writes nothing', async (payload) => {
    expect((await call(owner, 'POST', checksUrl(), payload)).statusCode).toBe(400);
    expect(await listChecks()).toHaveLength(1);
  });

  it('asks the service about a new merge request and keeps it from merging until it passes', async () => {
    await buildMergeRequest(t.container, owner, p, { source_branch: 'feature', title: 'Add a feature' });
    const { sha, detailed_merge_status: status } = await head();
    expect(status).toBe('status_checks_must_pass');
    expect(await widgetCheck()).toBe('FAILED');
    expect(await mrChecks()).toEqual([
      { id: check.id, name: 'Compliance', external_url: service.url, status: 'pending' },
    ]);
    await t.container.jobs.drain();
    expect(service.received).toHaveLength(1);
    expect(service.received[0]).toMatchObject({
      object_attributes: { iid: 1, last_commit: { id: sha } },
      external_approval_rule: { id: check.id },
    });
  });

  it('takes a Developer’s answer for the head commit: passed lets the merge through', async () => {
    const { sha } = await head();
    const response = await call(developer, 'POST', `${mrUrl()}/status_check_responses`, {
      sha,
      external_status_check_id: check.id,
      status: 'passed',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      merge_request: { iid: 1, sha },
      external_status_check: { id: check.id, name: 'Compliance' },
    });
    expect(await mrChecks()).toEqual([expect.objectContaining({ status: 'passed' })]);
    expect(await widgetCheck()).toBe('SUCCESS');
    expect((await head()).detailed_merge_status).toBe('mergeable');
  });

  it.each([
    ['a Reporter', () => reporter, async () => ({ status: 'failed' }), 403],
    ['an old sha', () => developer, async () => ({ sha: 'a'.repeat(40), status: 'failed' }), 409],
    ['a status that is not passed or failed', () => developer, async () => ({ status: 'maybe' }), 400],
    [
      'a check that does not exist',
      () => developer,
      async () => ({ external_status_check_id: 999_999 }),
      404,
    ],
  ])('refuses an answer from %s and keeps the check passed', async (_what, user, extra, code) => {
    const { sha } = await head();
    const payload = { sha, external_status_check_id: check.id, status: 'passed', ...(await extra()) };
    const response = await call(user(), 'POST', `${mrUrl()}/status_check_responses`, payload);
    expect(response.statusCode).toBe(code);
    expect(await mrChecks()).toEqual([expect.objectContaining({ status: 'passed' })]);
  });

  it('asks again when the source branch moves: the passed answer was for the old head', async () => {
    const oldSha = (await head()).sha;
    const newSha = await pushFile(p, 'feature', { path: 'more.txt', content: 'more\n' });
    await t.container.mergeRequests.handlePush({
      projectId: p.project.id,
      changes: [{ ref: 'refs/heads/feature', oldSha, newSha }],
    });
    expect(await mrChecks()).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect((await head()).detailed_merge_status).toBe('status_checks_must_pass');
    await t.container.jobs.drain();
    expect(service.received.at(-1)).toMatchObject({ object_attributes: { last_commit: { id: newSha } } });
  });

  it('retries only a failed check, asking the service again', async () => {
    const retryUrl = `${mrUrl()}/status_checks/${check.id}/retry`;
    const pending = await call(developer, 'POST', retryUrl);
    expect(pending.statusCode).toBe(422);
    expect(pending.json()).toEqual({ message: 'External status check must be failed' });
    const { sha } = await head();
    await call(developer, 'POST', `${mrUrl()}/status_check_responses`, {
      sha,
      external_status_check_id: check.id,
      status: 'failed',
    });
    expect(await widgetCheck()).toBe('FAILED');
    expect((await call(reporter, 'POST', retryUrl)).statusCode).toBe(403);
    const before = service.received.length;
    const retried = await call(developer, 'POST', retryUrl);
    expect(retried.statusCode).toBe(202);
    expect(await mrChecks()).toEqual([expect.objectContaining({ status: 'pending' })]);
    await t.container.jobs.drain();
    expect(service.received).toHaveLength(before + 1);
  });

  it('leaves requests into other branches alone when a check is scoped to protected branches', async () => {
    const protect = await call(owner, 'POST', `/api/v4/projects/${p.project.id}/protected_branches`, {
      name: 'release/*',
    });
    expect(protect.statusCode).toBe(201);
    const scoped = await call(owner, 'PUT', `${checksUrl()}/${check.id}`, {
      protected_branch_ids: [protect.json<{ id: number }>().id],
    });
    expect(scoped.statusCode).toBe(200);
    expect(scoped.json()).toMatchObject({ protected_branches: [{ name: 'release/*' }] });
    expect(await mrChecks()).toEqual([]);
    expect(await widgetCheck()).toBe('INACTIVE');
  });

  it('removes a check: Maintainers only, 404 once gone', async () => {
    const url = `${checksUrl()}/${check.id}`;
    expect((await call(owner, 'DELETE', url)).statusCode).toBe(204);
    expect((await call(owner, 'DELETE', url)).statusCode).toBe(404);
    expect(await listChecks()).toEqual([]);
  });
});

describe('status checks on local addresses, which the instance does not allow by default', () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startService>>;
  let owner: TestUser;
  let p: ProjectContext;
  beforeAll(async () => {
    t = await createTestApp();
    service = await startService();
    owner = await buildUser(t.container);
    p = await buildProject(t.container, owner);
  });
  afterAll(async () => {
    service.server.close();
    await t.close();
  });

  const checksUrl = () => `/api/v4/projects/${p.project.id}/external_status_checks`;
  const listChecks = async () =>
    (await t.app.inject({ url: checksUrl(), headers: owner.headers })).json<StatusCheckJson[]>();

  it.each([
    ['http://localhost:8080/check', 'Requests to localhost are not allowed'],
    ['http://127.0.0.1/check', 'Requests to localhost are not allowed'],
    ['http://[::1]/check', 'Requests to localhost are not allowed'],
    ['http://[::ffff:127.0.0.1]/check', 'Requests to localhost are not allowed'],
    ['http://10.0.0.5/check', 'Requests to the local network are not allowed'],
    ['https://192.168.1.20/check', 'Requests to the local network are not allowed'],
    ['http://[fd00::1]/check', 'Requests to the local network are not allowed'],
    ['http://169.254.169.254/latest/meta-data', 'Requests to the link local network are not allowed'],
  ])('refuses to register %s with 400 and writes nothing', async (url, reason) => {
    const response = await t.app.inject({
      method: 'POST',
      url: checksUrl(),
      headers: owner.headers,
      payload: { name: 'Local', external_url: url },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: `External url is blocked: ${reason}` });
    expect(await listChecks()).toEqual([]);
  });

  it('refuses to move a registered check to a local address and keeps its URL', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: checksUrl(),
      headers: owner.headers,
      payload: { name: 'Compliance', external_url: 'https://compliance.example.com/check' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<StatusCheckJson>().id;
    const moved = await t.app.inject({
      method: 'PUT',
      url: `${checksUrl()}/${id}`,
      headers: owner.headers,
      payload: { name: 'Renamed', external_url: 'http://127.0.0.1:9000/check' },
    });
    expect(moved.statusCode).toBe(400);
    expect(await listChecks()).toEqual([
      expect.objectContaining({ name: 'Compliance', external_url: 'https://compliance.example.com/check' }),
    ]);
    await t.app.inject({ method: 'DELETE', url: `${checksUrl()}/${id}`, headers: owner.headers });
  });

  /** A check saved while local requests were allowed (turned off since): its answer on a new merge request. */
  const answerOfOldCheck = async (name: string, externalUrl: string, sourceBranch: string, iid: number) => {
    await insertStatusCheck(t.deps.database.db, { projectId: p.project.id, name, externalUrl });
    await buildMergeRequest(t.container, owner, p, { source_branch: sourceBranch });
    await t.container.jobs.drain();
    const checks = await t.app.inject({
      url: `/api/v4/projects/${p.project.id}/merge_requests/${iid}/status_checks`,
      headers: owner.headers,
    });
    return checks.json<Array<{ name: string; status: string }>>().find((c) => c.name === name)?.status;
  };

  it('does not send to a check that points at this machine: the check fails at once', async () => {
    expect(await answerOfOldCheck('Old local check', service.url, 'feature', 1)).toBe('failed');
    expect(service.received).toEqual([]);
  });

  it('refuses the server’s own address on its network, which reaches it as localhost does', async () => {
    const own = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .find((nic) => !nic.internal && nic.family === 'IPv4');
    expect(own, 'this machine has an address on a network').toBeDefined();
    const ownService = await startService(own?.address);
    try {
      const registered = await t.app.inject({
        method: 'POST',
        url: checksUrl(),
        headers: owner.headers,
        payload: { name: 'Own address', external_url: ownService.url },
      });
      expect(registered.statusCode).toBe(400);
      expect(registered.json()).toEqual({
        message: 'External url is blocked: Requests to localhost are not allowed',
      });

      // One saved before this rule is not sent to either.
      expect(await answerOfOldCheck('Own address', ownService.url, 'own-address', 2)).toBe('failed');
      expect(ownService.received).toEqual([]);
    } finally {
      ownService.server.close();
    }
  });
});
