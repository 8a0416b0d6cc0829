import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../src/shared/access/accessLevels';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import { commitCiConfig } from '../../support/ci';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { cloneUrl, createGitClient, tempDir } from '../git-helpers';

/** What gitlab-runner sends of itself (network/gitlab.go: getRunnerInfo). */
const RUNNER_INFO = {
  name: 'gitlab-runner',
  version: '17.5.0',
  revision: 'abcdef12',
  platform: 'linux',
  architecture: 'amd64',
  executor: 'docker',
  shell: 'bash',
  features: {
    variables: true,
    artifacts: true,
    refspecs: true,
    masking: true,
    cancelable: true,
    trace_checksum: true,
  },
  config: { gpus: '' },
};

type Payload = {
  id: number;
  token: string;
  allow_git_fetch: boolean;
  job_info: Record<string, unknown>;
  git_info: {
    repo_url: string;
    ref: string;
    sha: string;
    refspecs: string[];
    depth: number;
    ref_type: string;
  };
  runner_info: { timeout: number };
  variables: Array<{ key: string; value: string; public: boolean; masked: boolean; file?: boolean }>;
  steps: Array<{ name: string; script: string[]; timeout: number; when: string; allow_failure: boolean }>;
  features: { trace_sections: boolean; failure_reasons: string[] };
};

describe("GitLab Runner's protocol, as a stock gitlab-runner plays it", () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  let developer: TestUser;
  let project: ProjectContext;
  let other: ProjectContext;
  let offsetMs = 0;

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v4${url}`, payload, headers });
  const requestJob = (token: string, info: object = RUNNER_INFO) =>
    post('/jobs/request', { token, info, last_update: 'x' });
  const putJob = (id: number, token: string, body: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v4/jobs/${id}`,
      payload: { token, info: RUNNER_INFO, ...body },
    });
  const patchTrace = (id: number, token: string, range: string | null, body: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v4/jobs/${id}/trace`,
      headers: {
        'job-token': token,
        'content-type': 'text/plain',
        ...(range === null ? {} : { 'content-range': range }),
      },
      payload: body,
    });
  const jobOf = async (projectId: number, id: number) =>
    (await t.app.inject({ url: `/api/v4/projects/${projectId}/jobs/${id}`, headers: owner.headers })).json<{
      status: string;
      failure_reason?: string;
      pipeline: { id: number; status: string };
      runner: { id: number } | null;
    }>();

  async function userRunner(user: TestUser, body: object) {
    const response = await post('/user/runners', body, user.headers);
    return { response, token: response.json<{ token?: string }>().token ?? '' };
  }
  const instanceRunner = async (extra: object = {}) =>
    (await userRunner(admin, { runner_type: 'instance_type', ...extra })).token;

  /** Takes every pending job there is with a throwaway runner, so each test starts from an empty queue. */
  async function drainQueue() {
    const token = await instanceRunner({ run_untagged: true });
    for (;;) {
      const response = await requestJob(token);
      if (response.statusCode !== 201) break;
      const job = response.json<Payload>();
      await putJob(job.id, job.token, { state: 'success' });
    }
  }

  beforeAll(async () => {
    t = await createTestApp({
      env: { RUNNER_LONG_POLL_SECONDS: '1' },
      clock: { now: () => new Date(Date.now() + offsetMs) },
    });
    admin = await buildUser(t.container, { admin: true });
    owner = await buildUser(t.container);
    developer = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    other = await buildProject(t.container, owner);
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
  });
  afterAll(() => t.close());

  it('registers with a registration token, verifies and unregisters, as gitlab-runner register/verify/unregister do', async () => {
    const reset = await post('/runners/reset_registration_token', {}, admin.headers);
    expect(reset.statusCode).toBe(201);
    const { token: registrationToken } = reset.json<{ token: string }>();
    expect(registrationToken).toMatch(/^GR1348941/);

    const refused = await post('/runners', { token: 'wrong', info: RUNNER_INFO });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: '403 Forbidden - invalid token supplied' });

    const registered = await post('/runners', {
      token: registrationToken,
      description: 'docker-1',
      tag_list: 'docker, linux',
      run_untagged: false,
      locked: true,
      access_level: 'not_protected',
      paused: false,
      info: RUNNER_INFO,
    });
    expect(registered.statusCode).toBe(201);
    const details = registered.json<{ id: number; token: string; token_expires_at: null }>();
    expect(details).toEqual({ id: expect.any(Number), token: expect.any(String), token_expires_at: null });
    expect(details.token).not.toMatch(/^glrt-/);

    const verified = await post('/runners/verify', { token: details.token, system_id: 's_abc' });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual(details);

    const unregistered = await t.app.inject({
      method: 'DELETE',
      url: '/api/v4/runners',
      payload: { token: details.token },
    });
    expect(unregistered.statusCode).toBe(204);
    const gone = await post('/runners/verify', { token: details.token });
    expect(gone.statusCode).toBe(403);
    expect(gone.json()).toEqual({ message: '403 Forbidden' });
  });

  it('creates runners for signed-in users who administer their scope, the glrt- token shown once', async () => {
    const instance = await userRunner(admin, { runner_type: 'instance_type', description: 'shared' });
    expect(instance.response.statusCode).toBe(201);
    expect(instance.response.json()).toEqual({
      id: expect.any(Number),
      token: expect.stringMatching(/^glrt-/),
      token_expires_at: null,
    });
    const byOwner = await userRunner(owner, { runner_type: 'project_type', project_id: project.project.id });
    expect(byOwner.response.statusCode).toBe(201);
    for (const [user, body] of [
      [owner, { runner_type: 'instance_type' }],
      [developer, { runner_type: 'project_type', project_id: project.project.id }],
    ] as const) {
      const refused = await post('/user/runners', body, user.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: '403 Forbidden - Insufficient permissions' });
    }
    const anonymous = await post('/user/runners', { runner_type: 'instance_type' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 204 with X-GitLab-Last-Update when there is no job, after the long poll', async () => {
    await drainQueue();
    const token = await instanceRunner();
    const started = Date.now();
    const response = await requestJob(token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(response.headers['x-gitlab-last-update']).toEqual(expect.any(String));
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect((await requestJob('not-a-runner')).statusCode).toBe(403);
  });

  it('hands out a job in the shape gitlab-runner reads, then takes its log and state', async () => {
    await drainQueue();
    const sha = await commitCiConfig(
      t.app,
      owner,
      project.project.id,
      [
        'build:',
        '  before_script: [echo prepare]',
        '  script: [echo build]',
        '  after_script: [echo done]',
      ].join('\n'),
    );
    const token = await instanceRunner();
    const response = await requestJob(token);
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const job = response.json<Payload>();
    expect(Object.keys(job).sort()).toEqual(
      [
        'allow_git_fetch',
        'artifacts',
        'cache',
        'credentials',
        'dependencies',
        'features',
        'git_info',
        'id',
        'image',
        'job_info',
        'runner_info',
        'services',
        'steps',
        'token',
        'variables',
      ].sort(),
    );
    expect(job.token).toMatch(/^glcbt-/);
    expect(job.allow_git_fetch).toBe(true);
    expect(job.job_info).toMatchObject({
      id: job.id,
      name: 'build',
      stage: 'test',
      project_id: project.project.id,
      project_name: project.project.name,
    });
    expect(job.git_info).toMatchObject({ ref: 'main', sha, ref_type: 'branch', depth: 20 });
    expect(job.git_info.repo_url).toBe(
      `http://gitlab-ci-token:${job.token}@localhost:3000/${project.fullPath}.git`,
    );
    expect(job.git_info.refspecs).toEqual([
      `+refs/pipelines/${(await jobOf(project.project.id, job.id)).pipeline.id}:refs/pipelines/${(await jobOf(project.project.id, job.id)).pipeline.id}`,
      '+refs/heads/main:refs/remotes/origin/main',
    ]);
    expect(job.runner_info.timeout).toBe(3600);
    expect(job.steps).toEqual([
      {
        name: 'script',
        script: ['echo prepare', 'echo build'],
        timeout: 3600,
        when: 'on_success',
        allow_failure: false,
      },
      { name: 'after_script', script: ['echo done'], timeout: 3600, when: 'always', allow_failure: true },
    ]);
    const variable = (key: string) => job.variables.find((item) => item.key === key);
    expect(variable('CI_JOB_TOKEN')).toEqual({
      key: 'CI_JOB_TOKEN',
      value: job.token,
      public: false,
      masked: true,
    });
    expect(variable('CI_JOB_ID')).toEqual({
      key: 'CI_JOB_ID',
      value: String(job.id),
      public: true,
      masked: false,
    });
    expect(variable('CI_COMMIT_SHA')?.value).toBe(sha);
    expect(variable('CI_PIPELINE_SOURCE')?.value).toBe('push');
    expect(job.features).toMatchObject({ trace_sections: true });
    expect(job.features.failure_reasons).toContain('script_failure');
    expect((await jobOf(project.project.id, job.id)).status).toBe('running');

    const first = await patchTrace(job.id, job.token, '0-4', 'hello');
    expect(first.statusCode).toBe(202);
    expect(first.headers).toMatchObject({
      range: '0-5',
      'job-status': 'running',
      'x-gitlab-trace-update-interval': '3',
    });
    const gap = await patchTrace(job.id, job.token, '10-14', 'later');
    expect(gap.statusCode).toBe(416);
    expect(gap.headers.range).toBe('0-5');
    expect(gap.json()).toEqual({ message: '416 Range Not Satisfiable' });
    const resent = await patchTrace(job.id, job.token, '3-7', 'p me\n');
    expect(resent.statusCode).toBe(202);
    expect(resent.headers.range).toBe('0-8');
    const missing = await patchTrace(job.id, job.token, null, 'x');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: '400 Missing header Content-Range' });
    expect((await patchTrace(job.id, 'wrong', '8-8', 'x')).statusCode).toBe(403);

    const alive = await putJob(job.id, job.token, { state: 'running' });
    expect(alive.statusCode).toBe(200);
    expect(alive.body).toBe('200');
    expect(alive.headers['job-status']).toBe('running');
    const done = await putJob(job.id, job.token, {
      state: 'success',
      output: { checksum: 'crc32:1', bytesize: 8 },
      exit_code: 0,
    });
    expect(done.statusCode).toBe(200);
    expect(done.headers['job-status']).toBe('success');
    const after = await jobOf(project.project.id, job.id);
    expect(after).toMatchObject({ status: 'success', pipeline: { status: 'success' } });
    const trace = await t.app.inject({
      url: `/api/v4/projects/${project.project.id}/jobs/${job.id}/trace`,
      headers: owner.headers,
    });
    expect(trace.body).toBe('help me\n');
    expect(trace.headers['content-type']).toBe('text/plain; charset=utf-8');

    const late = await putJob(job.id, job.token, { state: 'failed' });
    expect(late.statusCode).toBe(403);
    expect(late.headers['job-status']).toBe('success');
    expect(late.json()).toEqual({ message: '403 Forbidden - Job is not processing on runner' });
    expect((await patchTrace(job.id, job.token, '8-8', 'x')).statusCode).toBe(403);
  });

  it('masks a job token a runner left in the log when the log is read', async () => {
    await drainQueue();
    await commitCiConfig(t.app, owner, project.project.id, 'careless:\n  script: [echo]');
    const job = (await requestJob(await instanceRunner())).json<Payload>();
    const line = `fetching http://gitlab-ci-token:${job.token}@host/x.git\n`;
    expect((await patchTrace(job.id, job.token, `0-${line.length - 1}`, line)).statusCode).toBe(202);
    const trace = await t.app.inject({
      url: `/api/v4/projects/${project.project.id}/jobs/${job.id}/trace`,
      headers: owner.headers,
    });
    expect(trace.body).toBe('fetching http://gitlab-ci-token:[MASKED]@host/x.git\n');
    await putJob(job.id, job.token, { state: 'success' });
  });

  it('hands each job to one runner when runners ask at the same time', async () => {
    await drainQueue();
    await commitCiConfig(
      t.app,
      owner,
      project.project.id,
      ['a:', '  script: [a]', 'b:', '  script: [b]', 'c:', '  script: [c]'].join('\n'),
    );
    const tokens = await Promise.all(Array.from({ length: 6 }, () => instanceRunner()));
    const answers = await Promise.all(tokens.map((token) => requestJob(token)));
    const taken = answers
      .filter((answer) => answer.statusCode === 201)
      .map((answer) => answer.json<Payload>().job_info.name);
    expect(taken.sort()).toEqual(['a', 'b', 'c']);
    expect(answers.filter((answer) => answer.statusCode === 204)).toHaveLength(3);
  });

  it('wakes a waiting job request as soon as a job is queued', async () => {
    const slow = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '20' } });
    try {
      const user = await buildUser(slow.container, { admin: true });
      const target = await buildProject(slow.container, user);
      const { token } = (
        await slow.app.inject({
          method: 'POST',
          url: '/api/v4/user/runners',
          headers: user.headers,
          payload: { runner_type: 'instance_type' },
        })
      ).json<{ token: string }>();
      const started = Date.now();
      const waiting = slow.app.inject({ method: 'POST', url: '/api/v4/jobs/request', payload: { token } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await commitCiConfig(slow.app, user, target.project.id, 'job:\n  script: [echo]');
      const answer = await waiting;
      expect(answer.statusCode).toBe(201);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await slow.close();
    }
  });

  it('gives a runner only the jobs of its projects, tags and protection, and none while paused', async () => {
    await drainQueue();
    // `main` is protected: the job runs for an unprotected branch.
    await commitCiConfig(
      t.app,
      owner,
      project.project.id,
      ['tagged:', '  tags: [docker]', '  script: [echo]'].join('\n'),
      'feature',
    );
    const ofOtherProject = (
      await userRunner(owner, { runner_type: 'project_type', project_id: other.project.id })
    ).token;
    const untaggedOnly = await instanceRunner();
    const protectedOnly = await instanceRunner({ tag_list: ['docker'], access_level: 'ref_protected' });
    const paused = await instanceRunner({ tag_list: ['docker'], paused: true });
    for (const token of [ofOtherProject, untaggedOnly, protectedOnly, paused])
      expect((await requestJob(token)).statusCode).toBe(204);
    const docker = await instanceRunner({ tag_list: ['docker', 'linux'], run_untagged: false });
    const taken = await requestJob(docker);
    expect(taken.statusCode).toBe(201);
    expect(taken.json<Payload>().job_info.name).toBe('tagged');
  });

  it('tells the runner of a canceled job: `canceling` when it cancels gracefully, a 403 with `canceled` otherwise', async () => {
    await drainQueue();
    await commitCiConfig(
      t.app,
      owner,
      project.project.id,
      ['one:', '  script: [echo]', 'two:', '  script: [echo]'].join('\n'),
    );
    const graceful = await instanceRunner();
    const first = (
      await requestJob(graceful, { ...RUNNER_INFO, features: { cancel_gracefully: true } })
    ).json<Payload>();
    const plain = await instanceRunner();
    const second = (await requestJob(plain)).json<Payload>();
    for (const job of [first, second]) {
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/v4/projects/${project.project.id}/jobs/${job.id}/cancel`,
        headers: owner.headers,
      });
      expect(cancel.statusCode).toBe(201);
    }
    const canceling = await patchTrace(first.id, first.token, '0-1', 'hi');
    expect(canceling.statusCode).toBe(202);
    expect(canceling.headers['job-status']).toBe('canceling');
    expect(
      (await putJob(first.id, first.token, { state: 'failed', failure_reason: 'script_failure' })).statusCode,
    ).toBe(200);
    expect((await jobOf(project.project.id, first.id)).status).toBe('canceled');

    const refused = await patchTrace(second.id, second.token, '0-1', 'hi');
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['job-status']).toBe('canceled');
    expect((await jobOf(project.project.id, second.id)).pipeline.status).toBe('canceled');
  });

  it('lets a job token clone its own project while the job runs, never push, and nothing after', async () => {
    await drainQueue();
    await commitCiConfig(t.app, owner, project.project.id, 'clone:\n  script: [echo]');
    const baseUrl = await t.listen();
    const job = (await requestJob(await instanceRunner())).json<Payload>();
    const home = await tempDir('job-token-');
    const git = createGitClient(home);
    const as = (fullPath: string) =>
      cloneUrl(baseUrl, fullPath, { user: 'gitlab-ci-token', secret: job.token });
    const own = await git(home, ['clone', '-q', as(project.fullPath), path.join(home, 'own')]);
    expect(own.code, own.stderr).toBe(0);
    // Another project of the same user: refused by that project's job token scope ...
    const another = await git(home, ['clone', '-q', as(other.fullPath), path.join(home, 'other')]);
    expect(another.code).not.toBe(0);
    expect(another.stderr).toContain(
      `Authentication by CI/CD job token not allowed from ${project.project.path} to ${other.project.path}.`,
    );
    // ... until its maintainer puts this project on its inbound allowlist.
    const scope = `/api/v4/projects/${other.project.id}/job_token_scope`;
    const added = await t.app.inject({
      method: 'POST',
      url: `${scope}/allowlist`,
      headers: owner.headers,
      payload: { target_project_id: project.project.id },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({
      source_project_id: other.project.id,
      target_project_id: project.project.id,
    });
    const allowed = await git(home, ['clone', '-q', as(other.fullPath), path.join(home, 'other')]);
    expect(allowed.code, allowed.stderr).toBe(0);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${scope}/allowlist/${project.project.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    const again = await git(home, ['clone', '-q', as(other.fullPath), path.join(home, 'other-again')]);
    expect(again.code).not.toBe(0);
    // A job token never pushes, not even to an allowlisted project.
    await git(path.join(home, 'own'), ['commit', '-q', '--allow-empty', '-m', 'from a job']);
    const pushed = await git(path.join(home, 'own'), ['push', '-q', 'origin', 'HEAD:refs/heads/from-job']);
    expect(pushed.code).not.toBe(0);
    expect(pushed.stderr).toContain('You are not allowed to upload code.');
    const api = await t.app.inject({
      url: `/api/v4/projects/${project.project.id}`,
      headers: { authorization: `Basic ${Buffer.from(`gitlab-ci-token:${job.token}`).toString('base64')}` },
    });
    expect(api.statusCode).toBe(403);

    await putJob(job.id, job.token, { state: 'success' });
    const ended = await git(home, ['clone', '-q', as(project.fullPath), path.join(home, 'late')]);
    expect(ended.code).not.toBe(0);
    expect(ended.stderr).toContain('Authentication failed');
  });

  it('fails a running job no runner reported on for an hour as stuck, and its pipeline with it', async () => {
    await drainQueue();
    await commitCiConfig(t.app, owner, project.project.id, 'quiet:\n  script: [echo]');
    const job = (await requestJob(await instanceRunner())).json<Payload>();
    // Jobs of earlier tests may still run: this job's own status says what the sweep did to it
    // (a count would count them too once this file has run for more than a minute).
    offsetMs = 59 * 60_000;
    await t.container.ciJobs.failStuckJobs();
    expect(await jobOf(project.project.id, job.id)).toMatchObject({ status: 'running' });
    offsetMs = 61 * 60_000;
    expect(await t.container.ciJobs.failStuckJobs()).toBeGreaterThanOrEqual(1);
    offsetMs = 0;
    expect(await jobOf(project.project.id, job.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'stuck_or_timeout_failure',
      pipeline: { status: 'failed' },
    });
    expect((await putJob(job.id, job.token, { state: 'success' })).statusCode).toBe(403);
  });
});
