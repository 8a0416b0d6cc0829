import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitCiConfig } from '../support/ci';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

type Payload = { id: number; token: string };

/**
 * Two app processes on one PostgreSQL database and one repository folder, as behind a load
 * balancer, with a runner talking to the first. Only the second runs background jobs: a pipeline
 * that passes in the first must still merge what waits on it, and a log written through one
 * process is read whole through the other.
 */
describe('pipelines across two app processes', () => {
  let first: TestApp;
  let second: TestApp;
  let owner: TestUser;
  const jobErrors: unknown[] = [];

  beforeAll(async () => {
    first = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '1' } });
    second = await createTestApp({ shareWith: first });
    second.container.jobs.start((error) => jobErrors.push(error));
    owner = await buildUser(first.container);
  });
  afterAll(async () => {
    await second.container.jobs.stop();
    await second.close();
    await first.close();
  });

  /** A project of its own with `yaml` on `branch`, and a runner of the project asking the first process. */
  async function projectWith(yaml: string, branch: string) {
    const { project } = await buildProject(first.container, owner);
    const created = await first.app.inject({
      method: 'POST',
      url: '/api/v4/user/runners',
      headers: owner.headers,
      payload: { runner_type: 'project_type', project_id: project.id },
    });
    const runnerToken = created.json<{ token: string }>().token;
    const sha = await commitCiConfig(first.app, owner, project.id, yaml, branch);
    async function take(): Promise<Payload> {
      const response = await first.app.inject({
        method: 'POST',
        url: '/api/v4/jobs/request',
        payload: { token: runnerToken },
      });
      expect(response.statusCode).toBe(201);
      return response.json<Payload>();
    }
    return { project, sha, take };
  }

  const patchTrace = (app: TestApp, job: Payload, start: number, text: string) =>
    app.app.inject({
      method: 'PATCH',
      url: `/api/v4/jobs/${job.id}/trace`,
      headers: {
        'job-token': job.token,
        'content-type': 'text/plain',
        'content-range': `${start}-${start + Buffer.byteLength(text) - 1}`,
      },
      payload: text,
    });

  it('merges a request set to merge when its pipeline succeeds, the pipeline passing in the other process', async () => {
    const { project, sha, take } = await projectWith('test:\n  script: [echo test]', 'feature');
    await first.container.projects.updateProject(owner, project.id, {
      only_allow_merge_if_pipeline_succeeds: true,
    });
    const api = `/api/v4/projects/${project.id}/merge_requests`;
    const created = await first.app.inject({
      method: 'POST',
      url: api,
      headers: owner.headers,
      payload: { source_branch: 'feature', target_branch: 'main', title: 'Test the feature' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const iid = created.json<{ iid: number }>().iid;

    // Set through the second process while the pipeline waits for its runner.
    const set = await second.app.inject({
      method: 'PUT',
      url: `${api}/${iid}/merge`,
      headers: owner.headers,
      payload: { merge_when_pipeline_succeeds: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: true });

    // The runner runs the job against the first process only.
    const job = await take();
    expect((await patchTrace(first, job, 0, 'test passed\n')).statusCode).toBe(202);
    const done = await first.app.inject({
      method: 'PUT',
      url: `/api/v4/jobs/${job.id}`,
      payload: { token: job.token, state: 'success', exit_code: 0 },
    });
    expect(done.headers['job-status']).toBe('success');

    await expect
      .poll(
        async () =>
          (await first.app.inject({ url: `${api}/${iid}`, headers: owner.headers })).json<{
            state: string;
            head_pipeline: { status: string; sha: string } | null;
          }>(),
        { timeout: 15_000, interval: 200 },
      )
      .toMatchObject({ state: 'merged', head_pipeline: { status: 'success', sha } });
    expect(jobErrors).toEqual([]);
  });

  it("reads a running job's whole log through the other process than the one that wrote it", async () => {
    const { project, take } = await projectWith('build:\n  script: [make]', 'main');
    const job = await take();
    const lines = Array.from({ length: 400 }, (_, index) => `line ${index} of the build\n`);
    const chunks = [lines.slice(0, 150).join(''), lines.slice(150, 300).join(''), lines.slice(300).join('')];
    let offset = 0;
    // Most chunks go to the first process; one reaches the second, as a balancer may send it.
    for (const [index, chunk] of chunks.entries()) {
      const answer = await patchTrace(index === 1 ? second : first, job, offset, chunk);
      expect(answer.statusCode).toBe(202);
      offset += Buffer.byteLength(chunk);
      expect(answer.headers.range).toBe(`0-${offset}`);
    }
    const readThrough = async (app: TestApp) => {
      const trace = await app.app.inject({
        url: `/api/v4/projects/${project.id}/jobs/${job.id}/trace`,
        headers: owner.headers,
      });
      expect(trace.statusCode).toBe(200);
      return trace.body;
    };
    expect(await readThrough(second)).toBe(lines.join(''));
    // The job still runs: its log is live, and the next chunk shows through either process.
    const status = await second.app.inject({
      url: `/api/v4/projects/${project.id}/jobs/${job.id}`,
      headers: owner.headers,
    });
    expect(status.json()).toMatchObject({ status: 'running' });
    expect((await patchTrace(first, job, offset, 'done\n')).statusCode).toBe(202);
    expect(await readThrough(second)).toBe(`${lines.join('')}done\n`);
    expect(await readThrough(first)).toBe(`${lines.join('')}done\n`);
  });
});
