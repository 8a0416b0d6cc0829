import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import { FINISHED, instanceRunnerToken, pushFiles, startRunnerProcess, waitUntil } from '../../support/ci';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

type JobJson = { id: number; name: string; status: string; failure_reason?: string };
type PipelineJson = { id: number; status: string };

const GIB = 1024 * 1024 * 1024;
/** gitlab-runner's default output limit, which the bundled runner keeps too. */
const OUTPUT_LIMIT = 4096 * 1024;

/** A process's peak resident memory in bytes (VmHWM), read from /proc. */
async function peakMemory(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)![1]) * 1024;
}

describe('the bundled runner under faults', () => {
  let t: TestApp;
  let baseUrl: string;
  let owner: TestUser;
  let project: ProjectContext;
  let runnerToken: string;
  let offsetMs = 0;

  const projectUrl = () => `/api/v4/projects/${project.project.id}`;
  const api = async <T>(url: string): Promise<T> => {
    const response = await t.app.inject({ url: `${projectUrl()}${url}`, headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const jobsOf = async (sha: string) => {
    const [pipeline] = await waitUntil(
      () => api<PipelineJson[]>(`/pipelines?sha=${sha}`),
      (pipelines) => pipelines.length > 0,
    );
    return { pipeline: pipeline!, jobs: () => api<JobJson[]>(`/pipelines/${pipeline!.id}/jobs`) };
  };
  const push = (config: string[]) =>
    pushFiles(baseUrl, project.fullPath, owner, { '.gitlab-ci.yml': config.join('\n') });

  beforeAll(async () => {
    t = await createTestApp({
      env: { RUNNER_LONG_POLL_SECONDS: '2' },
      clock: { now: () => new Date(Date.now() + offsetMs) },
    });
    baseUrl = await t.listen();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    runnerToken = await instanceRunnerToken(t.container);
  });
  afterAll(() => t.close());

  it('keeps 4 MiB of a job printing 1 GiB, says so in the log, lets the job pass, and holds memory flat', async () => {
    const runner = startRunnerProcess({ url: baseUrl, token: runnerToken });
    try {
      await runner.waitForOutput(/Runner started/);
      const serverBefore = process.memoryUsage().rss;
      const sha = await push([
        'flood:',
        '  script:',
        `    - head -c ${GIB} /dev/zero | tr '\\0' x`,
        '    - echo after the flood',
      ]);
      const { jobs } = await jobsOf(sha);
      const [job] = await waitUntil(jobs, (list) => FINISHED.includes(list[0]?.status ?? ''), 120_000);
      expect(job).toMatchObject({ name: 'flood', status: 'success' });

      const trace = await t.app.inject({
        url: `${projectUrl()}/jobs/${job!.id}/trace`,
        headers: owner.headers,
      });
      expect(trace.rawPayload.length).toBeLessThan(OUTPUT_LIMIT + 1024);
      expect(trace.body).toContain(
        `Job's log exceeded limit of ${OUTPUT_LIMIT} bytes.\nJob execution will continue but no more output will be collected.`,
      );
      expect(trace.body).not.toContain('after the flood');
      // A gigabyte went through the runner; neither it nor the server held more than a few MiB of it.
      expect(await peakMemory(runner.child.pid!)).toBeLessThan(400 * 1024 * 1024);
      expect(process.memoryUsage().rss - serverBefore).toBeLessThan(128 * 1024 * 1024);
    } finally {
      await runner.stop();
    }
  }, 180_000);

  it('fails a job whose runner vanished mid-job as stuck, once no runner has reported on it for an hour', async () => {
    const runner = startRunnerProcess({ url: baseUrl, token: runnerToken });
    await runner.waitForOutput(/Runner started/);
    const sha = await push(['long:', '  script: ["echo started", "sleep 30"]']);
    const { pipeline, jobs } = await jobsOf(sha);
    await waitUntil(jobs, (list) => list[0]?.status === 'running');
    await runner.stop('SIGKILL');

    offsetMs = 59 * 60_000;
    await t.container.ciJobs.failStuckJobs();
    expect((await jobs())[0]!.status).toBe('running');
    offsetMs = 61 * 60_000;
    await t.container.ciJobs.failStuckJobs();
    offsetMs = 0;
    expect((await jobs())[0]).toMatchObject({ status: 'failed', failure_reason: 'stuck_or_timeout_failure' });
    expect((await api<PipelineJson>(`/pipelines/${pipeline.id}`)).status).toBe('failed');
  }, 60_000);
});
