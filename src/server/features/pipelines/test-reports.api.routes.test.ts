import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitCiConfig, instanceRunnerToken } from '../../../../test/support/ci';
import { fakeRunner } from '../../../../test/support/fake-runner';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { TestReport, TestReportSummary } from '../../../shared/api/testReports';
import type { ProjectContext } from '../projects/projects.service';

const CONFIG = [
  'workflow:',
  '  rules:',
  '    - if: $CI_PIPELINE_SOURCE != "push"',
  'rspec:',
  '  parallel: 8',
  '  script: [rspec]',
  '  artifacts:',
  '    expire_in: 1 week',
  '    reports:',
  '      junit: [rspec.xml, "reports/*.xml"]',
].join('\n');

const suite = (...cases: string[]) => `<testsuite name="s">${cases.join('')}</testsuite>`;
const passing = (name: string) => `<testcase classname="Spec" name="${name}" time="0.5"/>`;
const failing = (name: string) =>
  `<testcase classname="Spec" name="${name}" time="1"><failure message="no">trace</failure></testcase>`;

/** A multipart body as gitlab-runner writes it: one `file` part. */
function multipart(content: Buffer, fileName: string) {
  const boundary = 'runner-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

describe('JUnit reports through the runner protocol, and the pipeline’s test report', () => {
  let t: TestApp;
  let owner: TestUser;
  let reporter: TestUser;
  let stranger: TestUser;
  let project: ProjectContext;
  let runner: ReturnType<typeof fakeRunner>;
  let pipelineId: number;
  /** The two jobs whose reports were read. */
  let reported: { id: number; token: string }[] = [];

  const uploadJunit = (job: { id: number; token: string }, content: Buffer, format = 'gzip') => {
    const body = multipart(content, 'junit.xml.gz');
    return t.app.inject({
      method: 'POST',
      url: `/api/v4/jobs/${job.id}/artifacts?artifact_type=junit&artifact_format=${format}&expire_in=1%20week`,
      headers: { ...body.headers, 'job-token': job.token },
      payload: body.payload,
    });
  };
  const get = (url: string, user?: TestUser) =>
    t.app.inject({
      url: `/api/v4/projects/${project.project.id}/pipelines/${pipelineId}${url}`,
      headers: user?.headers,
    });
  const report = async () => (await get('/test_report', owner)).json<TestReport>();
  const storedFiles = async () =>
    (await readdir(path.join(t.dataDir, 'artifacts'), { recursive: true }).catch(() => [])).filter((name) =>
      String(name).endsWith('.zip'),
    );

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    reporter = await buildUser(t.container);
    stranger = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    await addProjectMember(t.container, project, reporter, 20);
    await commitCiConfig(t.app, owner, project.project.id, CONFIG);
    runner = fakeRunner(t.app, await instanceRunnerToken(t.container));
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/pipeline`,
      headers: owner.headers,
      payload: { ref: 'main' },
    });
    pipelineId = created.json<{ id: number }>().id;
  });
  afterAll(() => t.close());

  it('asks the runner for the report files as their own gzip upload, always, as GitLab does', async () => {
    const job = await runner.take();
    expect(job.artifacts).toEqual([
      {
        name: 'junit.xml.gz',
        untracked: false,
        paths: ['rspec.xml', 'reports/*.xml'],
        exclude: [],
        when: 'always',
        expire_in: '1 week',
        artifact_type: 'junit',
        artifact_format: 'gzip',
      },
    ]);
    await runner.finish(job, 'success');
  });

  it.each([
    [
      'malformed XML',
      gzipSync(suite('<testcase name="x">')),
      /^400 Bad request - JUnit XML parsing failed: 1:\d+: /,
    ],
    [
      'an entity-expansion bomb',
      gzipSync(
        `<!DOCTYPE t [<!ENTITY a "aaaaaaaaaa">${Array.from({ length: 8 }, (_, i) => `<!ENTITY a${i} "${`&a${i ? i - 1 : ''};`.repeat(10)}">`).join('')}]>${suite('<testcase name="&a7;"/>')}`,
      ),
      /^400 Bad request - JUnit XML parsing failed: DOCTYPE declarations are not allowed$/,
    ],
    [
      'a gzip bomb (a small upload that inflates past the limit)',
      gzipSync(Buffer.alloc(40 * 1024 * 1024, 0x20)),
      /^400 Bad request - JUnit XML parsing failed: larger than \d+ bytes uncompressed$/,
    ],
    [
      'bytes that are not gzip',
      Buffer.from('<testsuite/>'),
      /^400 Bad request - JUnit XML parsing failed: not a gzip stream$/,
    ],
    [
      'one good file and one bad',
      Buffer.concat([gzipSync(suite(passing('a'))), gzipSync('<nope')]),
      /JUnit XML parsing failed/,
    ],
  ])('refuses %s with a clear error, keeping nothing', async (_, content, message) => {
    const job = await runner.take();
    const before = await storedFiles();
    const answer = await uploadJunit(job, content);
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string }>().message).toMatch(message);
    expect(await storedFiles()).toEqual(before);
    const jobView = await t.app.inject({
      url: `/api/v4/projects/${project.project.id}/jobs/${job.id}`,
      headers: owner.headers,
    });
    expect(jobView.json<{ artifacts: unknown[] }>().artifacts).toEqual([]);
    expect((await report()).total_count).toBe(0);
    await runner.finish(job, 'success');
  });

  it('reads every file of an upload, groups parallel jobs into one suite, and replaces a report sent again', async () => {
    const first = await runner.take();
    const second = await runner.take();
    reported = [first, second];
    const twoFiles = Buffer.concat([gzipSync(suite(passing('a'))), gzipSync(suite(failing('b')))]);
    expect((await uploadJunit(first, twoFiles)).statusCode).toBe(201);
    expect((await uploadJunit(second, gzipSync(suite(passing('c'))))).statusCode).toBe(201);
    // A runner's retried upload replaces the job's report: nothing is counted twice.
    const again = gzipSync(`<testsuites>${suite(passing('c'), passing('d'))}</testsuites>`);
    expect((await uploadJunit(second, again)).statusCode).toBe(201);
    const summary = (await get('/test_report_summary', reporter)).json<TestReportSummary>();
    expect(summary).toEqual({
      total: { time: 2.5, count: 4, success: 3, failed: 1, skipped: 0, error: 0, suite_error: null },
      test_suites: [
        {
          name: 'rspec',
          total_time: 2.5,
          total_count: 4,
          success_count: 3,
          failed_count: 1,
          skipped_count: 0,
          error_count: 0,
          build_ids: [first.id, second.id],
          suite_error: null,
        },
      ],
    });
    const full = await report();
    expect(full.test_suites[0]!.test_cases.map((c) => `${c.status} ${c.name}`)).toEqual([
      'failed b',
      'success a',
      'success c',
      'success d',
    ]);
    const jobView = await t.app.inject({
      url: `/api/v4/projects/${project.project.id}/jobs/${second.id}`,
      headers: owner.headers,
    });
    expect(jobView.json<{ artifacts: unknown[] }>().artifacts).toEqual([
      expect.objectContaining({ file_type: 'junit', file_format: 'gzip', filename: 'junit.xml.gz' }),
    ]);
  });

  it('shows the report only to those who may read the pipeline', async () => {
    for (const url of ['/test_report', '/test_report_summary']) {
      expect((await get(url, stranger)).statusCode).toBe(404);
      expect((await get(url)).statusCode).toBe(404);
      expect((await get(url, reporter)).statusCode).toBe(200);
    }
    const missing = await t.app.inject({
      url: `/api/v4/projects/${project.project.id}/pipelines/${pipelineId + 1000}/test_report`,
      headers: owner.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('counts only the current attempt of a job: a retried job’s report drops out', async () => {
    const [first, second] = reported;
    await runner.finish(first!, 'failed');
    await runner.finish(second!, 'success');
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/jobs/${first!.id}/retry`,
      headers: owner.headers,
    });
    expect(retried.statusCode, retried.body).toBe(201);
    const summary = (await get('/test_report_summary', owner)).json<TestReportSummary>();
    expect(summary.total).toMatchObject({ count: 2, success: 2, failed: 0 });
    expect(summary.test_suites.map((s) => s.build_ids)).toEqual([[second!.id]]);
  });
});
