import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitCiConfig } from '../../support/ci';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

type Payload = {
  id: number;
  token: string;
  runner_info: { timeout: number };
  steps: Array<{ name: string; timeout: number }>;
  variables: Array<{ key: string; value: string }>;
};

/**
 * The limits the server sets on a job, as a runner sees them over GitLab Runner's protocol: the
 * timeout it is handed (the job's, the project's, cut to the runner's `maximum_timeout`) and the
 * size of log it may send (`CI_JOBS_TRACE_SIZE_LIMIT_MB`, here about 1 KiB so no test sends 100 MB).
 */
describe("a job's timeout and log size limit", () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp({
      env: { RUNNER_LONG_POLL_SECONDS: '0', CI_JOBS_TRACE_SIZE_LIMIT_MB: '0.001' },
    });
    owner = await buildUser(t.container);
  });
  afterAll(() => t.close());

  /** A project with a pipeline of `yaml`, and a way to make runners of its own that take its jobs. */
  async function projectWith(yaml: string) {
    const { project } = await buildProject(t.container, owner);
    await commitCiConfig(t.app, owner, project.id, yaml);
    /** Makes a project runner with `settings` and takes the next job with it. */
    async function takeWith(settings: object = {}): Promise<Payload> {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v4/user/runners',
        headers: owner.headers,
        payload: { runner_type: 'project_type', project_id: project.id, ...settings },
      });
      expect(created.statusCode, created.body).toBe(201);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v4/jobs/request',
        payload: { token: created.json<{ token: string }>().token },
      });
      expect(response.statusCode).toBe(201);
      return response.json<Payload>();
    }
    return { project, takeWith };
  }

  /** The timeout a runner is told, everywhere the payload says it. */
  function timeoutOf(job: Payload): number {
    const variable = job.variables.find((item) => item.key === 'CI_JOB_TIMEOUT')?.value;
    expect(job.steps.map((step) => step.timeout)).toEqual(job.steps.map(() => job.runner_info.timeout));
    expect(variable).toBe(String(job.runner_info.timeout));
    return job.runner_info.timeout;
  }

  it("cuts a job's `timeout:` to the runner's maximum_timeout, and keeps a shorter one", async () => {
    const long = await projectWith('long:\n  timeout: 2h\n  script: [sleep 1]');
    expect(timeoutOf(await long.takeWith({ maximum_timeout: 600 }))).toBe(600);
    const short = await projectWith('short:\n  timeout: 5m\n  script: [sleep 1]');
    expect(timeoutOf(await short.takeWith({ maximum_timeout: 600 }))).toBe(300);
    const uncapped = await projectWith('long:\n  timeout: 2h\n  script: [sleep 1]');
    expect(timeoutOf(await uncapped.takeWith())).toBe(7200);
  });

  it("gives a job without `timeout:` the project's default of an hour, cut the same way", async () => {
    const plain = await projectWith('plain:\n  script: [echo]');
    expect(timeoutOf(await plain.takeWith())).toBe(3600);
    const roomy = await projectWith('plain:\n  script: [echo]');
    expect(timeoutOf(await roomy.takeWith({ maximum_timeout: 7200 }))).toBe(3600);
    const tight = await projectWith('plain:\n  script: [echo]');
    expect(timeoutOf(await tight.takeWith({ maximum_timeout: 900 }))).toBe(900);
  });

  it('fails a job whose log grows past the limit, refusing the chunk and saying so at the end of the log', async () => {
    const limit = t.config.maxTraceBytes;
    expect(limit).toBe(1049);
    const chatty = await projectWith('chatty:\n  script: [echo chatty]');
    const job = await chatty.takeWith();
    const patch = (start: number, text: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v4/jobs/${job.id}/trace`,
        headers: {
          'job-token': job.token,
          'content-type': 'text/plain',
          'content-range': `${start}-${start + text.length - 1}`,
        },
        payload: text,
      });
    const head = 'y\n'.repeat(500);
    const kept = await patch(0, head);
    expect(kept.statusCode).toBe(202);
    expect(kept.headers.range).toBe('0-1000');
    // Up to the limit is fine; one byte past it is not.
    const last = 'y'.repeat(limit - 1000);
    expect((await patch(1000, last)).statusCode).toBe(202);
    const over = await patch(limit, 'y\n');
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual({ message: '403 Forbidden' });

    const api = (url: string) =>
      t.app.inject({ url: `/api/v4/projects/${chatty.project.id}${url}`, headers: owner.headers });
    const failed = (await api(`/jobs/${job.id}`)).json<{
      status: string;
      failure_reason: string;
      pipeline: { status: string };
    }>();
    expect(failed).toMatchObject({
      status: 'failed',
      failure_reason: 'trace_size_exceeded',
      pipeline: { status: 'failed' },
    });
    const trace = (await api(`/jobs/${job.id}/trace`)).body;
    expect(trace).toBe(`${head}${last}\n\x1b[31;1mJob's log exceeded limit of 1049 bytes.\x1b[0;m\n`);

    // The runner is told the job is over at its next request, and nothing more is written.
    const after = await patch(limit, 'y\n');
    expect(after.statusCode).toBe(403);
    expect(after.headers['job-status']).toBe('failed');
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/v4/jobs/${job.id}`,
      payload: { token: job.token, state: 'success' },
    });
    expect(update.statusCode).toBe(403);
    expect((await api(`/jobs/${job.id}/trace`)).body).toBe(trace);
  });
});
