import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestReport, TestReportSummary } from '../../../src/shared/api/testReports';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import {
  FINISHED,
  instanceRunnerToken,
  pushFiles,
  startRunnerProcess,
  waitUntil,
  type RunnerProcess,
} from '../../support/ci';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

type PipelineJson = { id: number; status: string };
type JobJson = {
  id: number;
  name: string;
  status: string;
  artifacts: { file_type: string; file_format: string }[];
};

const CART_XML = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<testsuites>',
  '  <testsuite name="Cart" tests="3">',
  '    <testcase classname="Cart" name="adds an item" file="spec/cart_spec.rb" time="0.5"/>',
  '    <testcase classname="Cart" name="sums prices" time="1.25">',
  '      <failure message="expected 5, got 4">cart_spec.rb:12: in sums prices</failure>',
  '    </testcase>',
  '    <testcase classname="Cart" name="pays"><skipped/></testcase>',
  '  </testsuite>',
  '</testsuites>',
].join('\n');
const ORDER_XML =
  '<testsuite name="Order"><testcase classname="Order" name="ships" time="0.25"><error message="boom"/></testcase></testsuite>';

describe('JUnit reports from a job the bundled runner runs, in the pipeline’s test report', () => {
  let t: TestApp;
  let baseUrl: string;
  let owner: TestUser;
  let stranger: TestUser;
  let project: ProjectContext;
  let runner: RunnerProcess;
  let buildsDir: string;

  const projectUrl = () => `/api/v4/projects/${project.project.id}`;
  const get = (url: string, user: TestUser = owner) =>
    t.app.inject({ url: `${projectUrl()}${url}`, headers: user.headers });
  const api = async <T>(url: string): Promise<T> => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  async function finishedPipeline(sha: string): Promise<PipelineJson> {
    const [pipeline] = await waitUntil(
      () => api<PipelineJson[]>(`/pipelines?sha=${sha}`),
      (pipelines) => pipelines.length > 0 && FINISHED.includes(pipelines[0]!.status),
      60_000,
    );
    return pipeline!;
  }
  const push = (branch: string, config: string[], files: Record<string, string> = {}) =>
    pushFiles(
      baseUrl,
      project.fullPath,
      owner,
      { '.gitlab-ci.yml': config.join('\n'), ...files },
      { branch },
    );

  beforeAll(async () => {
    t = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '5' } });
    baseUrl = await t.listen();
    owner = await buildUser(t.container);
    stranger = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'private' });
    buildsDir = await mkdtemp(path.join(os.tmpdir(), 'test-report-builds-'));
    await chmod(buildsDir, 0o755);
    runner = startRunnerProcess({ url: baseUrl, token: await instanceRunnerToken(t.container), buildsDir });
    await runner.waitForOutput(/Runner started/);
  });
  afterAll(async () => {
    await runner?.stop();
    await t.close();
    await rm(buildsDir, { recursive: true, force: true });
  });

  it('uploads the reports of a failing job as a gzip junit artifact, read into suites and cases', async () => {
    const sha = await push(
      'main',
      [
        'rspec:',
        '  script:',
        '    - mkdir -p reports && cp fixtures/cart.xml reports/cart.xml && cp fixtures/order.xml reports/order.xml',
        '    - exit 1',
        '  artifacts:',
        '    reports:',
        '      junit: reports/*.xml',
      ],
      { 'fixtures/cart.xml': CART_XML, 'fixtures/order.xml': ORDER_XML },
    );
    const pipeline = await finishedPipeline(sha);
    expect(pipeline.status).toBe('failed');
    const [job] = await api<JobJson[]>(`/pipelines/${pipeline.id}/jobs`);
    expect(job!.artifacts).toEqual([expect.objectContaining({ file_type: 'junit', file_format: 'gzip' })]);
    const trace = (await get(`/jobs/${job!.id}/trace`)).body;
    expect(trace).toContain('reports/*.xml: found 2 matching artifact files and directories');
    expect(trace).toContain('Uploading artifacts as "junit" to coordinator... 201 Created');

    const report = await api<TestReport>(`/pipelines/${pipeline.id}/test_report`);
    expect(report).toMatchObject({
      total_time: 2,
      total_count: 4,
      success_count: 1,
      failed_count: 1,
      skipped_count: 1,
      error_count: 1,
    });
    expect(report.test_suites).toHaveLength(1);
    const [suite] = report.test_suites;
    expect(suite!.name).toBe('rspec');
    // Failed first, then error, success, skipped, as GitLab orders them.
    expect(suite!.test_cases.map((c) => [c.status, c.name])).toEqual([
      ['failed', 'sums prices'],
      ['error', 'ships'],
      ['success', 'adds an item'],
      ['skipped', 'pays'],
    ]);
    expect(suite!.test_cases[0]).toEqual({
      status: 'failed',
      name: 'sums prices',
      classname: 'Cart',
      file: null,
      execution_time: 1.25,
      system_output: 'expected 5, got 4',
      stack_trace: 'cart_spec.rb:12: in sums prices',
    });
    expect(suite!.test_cases[2]!.file).toBe('spec/cart_spec.rb');

    const summary = await api<TestReportSummary>(`/pipelines/${pipeline.id}/test_report_summary`);
    expect(summary).toEqual({
      total: { time: 2, count: 4, success: 1, failed: 1, skipped: 1, error: 1, suite_error: null },
      test_suites: [
        {
          name: 'rspec',
          total_time: 2,
          total_count: 4,
          success_count: 1,
          failed_count: 1,
          skipped_count: 1,
          error_count: 1,
          build_ids: [job!.id],
          suite_error: null,
        },
      ],
    });

    // Someone who may not read the project's pipelines learns nothing, not even that it exists.
    expect((await get(`/pipelines/${pipeline.id}/test_report`, stranger)).statusCode).toBe(404);
    expect((await get(`/pipelines/${pipeline.id}/test_report_summary`, stranger)).statusCode).toBe(404);
  });

  it('refuses a malformed report with a clear error in the log and keeps nothing of it', async () => {
    const sha = await push('broken', [
      'unit:',
      '  script:',
      '    - echo "<testsuite><testcase name=x></testsuite>" > junit.xml',
      '  artifacts:',
      '    reports:',
      '      junit: junit.xml',
    ]);
    const pipeline = await finishedPipeline(sha);
    const [job] = await api<JobJson[]>(`/pipelines/${pipeline.id}/jobs`);
    const trace = (await get(`/jobs/${job!.id}/trace`)).body;
    expect(trace).toContain('ERROR: Uploading artifacts as "junit" to coordinator... 400 Bad Request');
    expect(job!.artifacts).toEqual([]);
    const report = await api<TestReport>(`/pipelines/${pipeline.id}/test_report`);
    expect(report).toEqual({
      total_time: 0,
      total_count: 0,
      success_count: 0,
      failed_count: 0,
      skipped_count: 0,
      error_count: 0,
      test_suites: [],
    });
  });
});
