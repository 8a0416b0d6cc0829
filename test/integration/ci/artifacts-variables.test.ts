import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
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
  failure_reason?: string;
  artifacts_file?: { filename: string; size: number };
  artifacts_expire_at: string | null;
};

/** A zip holding `ok.txt`, `../escaped.txt` and a link to /etc/passwd, as a hostile job could upload. */
async function hostileZip(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('fine\n'), 'ok.txt');
  // yazl refuses `..`: the name is written with `aa` and turned into `..` in place (same length).
  zip.addBuffer(Buffer.from('outside\n'), 'aa/escaped.txt');
  zip.addBuffer(Buffer.from('/etc/passwd'), 'passwd-link', { mode: 0o120777 });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.from(
    Buffer.concat(chunks).toString('latin1').replaceAll('aa/escaped', '../escaped'),
    'latin1',
  );
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return entries.map(String);
}

describe('artifacts and CI/CD variables with the bundled runner', () => {
  let t: TestApp;
  let baseUrl: string;
  let owner: TestUser;
  let project: ProjectContext;
  let runner: RunnerProcess;
  let buildsDir: string;

  const projectUrl = () => `/api/v4/projects/${project.project.id}`;
  const get = (url: string) => t.app.inject({ url: `${projectUrl()}${url}`, headers: owner.headers });
  const api = async <T>(url: string): Promise<T> => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  async function finishedJobs(sha: string): Promise<Record<string, JobJson>> {
    const [pipeline] = await waitUntil(
      () => api<PipelineJson[]>(`/pipelines?sha=${sha}`),
      (pipelines) => pipelines.length > 0 && FINISHED.includes(pipelines[0]!.status),
      60_000,
    );
    const jobs = await api<JobJson[]>(`/pipelines/${pipeline!.id}/jobs`);
    return Object.fromEntries(jobs.map((job) => [job.name, job]));
  }
  const traceOf = async (job: { id: number }) => (await get(`/jobs/${job.id}/trace`)).body;
  const push = (branch: string, config: string[], files: Record<string, string> = {}) =>
    pushFiles(
      baseUrl,
      project.fullPath,
      owner,
      { '.gitlab-ci.yml': config.join('\n'), ...files },
      { branch },
    );

  beforeAll(async () => {
    // 50 KB: small archives pass, a job's 200 KB of random bytes does not.
    t = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '5', MAX_ARTIFACTS_SIZE_MB: '0.05' } });
    baseUrl = await t.listen();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    buildsDir = await mkdtemp(path.join(os.tmpdir(), 'artifact-builds-'));
    // Jobs may run as nobody: their builds directory must be theirs to enter.
    await chmod(buildsDir, 0o755);
    runner = startRunnerProcess({ url: baseUrl, token: await instanceRunnerToken(t.container), buildsDir });
    await runner.waitForOutput(/Runner started/);
  });
  afterAll(async () => {
    await runner?.stop();
    await t.close();
    await rm(buildsDir, { recursive: true, force: true });
  });

  it('uploads paths less exclude, hands them to the next stage, and serves the zip and its files', async () => {
    const sha = await push('main', [
      'stages: [build, test]',
      'build:',
      '  stage: build',
      '  script:',
      '    - mkdir -p dist && echo compiled > dist/app.txt && echo noise > dist/debug.log',
      '    - ln -s /etc/passwd dist/passwd-link',
      '  artifacts:',
      '    paths: [dist/]',
      '    exclude: ["dist/*.log"]',
      '    expire_in: 1 week',
      'test:',
      '  stage: test',
      '  script:',
      '    - cat dist/app.txt',
      '    - test ! -e dist/debug.log && echo "no log here"',
      '    - test ! -e dist/passwd-link && echo "no link here"',
    ]);
    const jobs = await finishedJobs(sha);
    expect(jobs.build!.status, await traceOf(jobs.build!)).toBe('success');
    expect(jobs.test!.status, await traceOf(jobs.test!)).toBe('success');
    const testLog = await traceOf(jobs.test!);
    expect(testLog).toContain(`Downloading artifacts for build (${jobs.build!.id})...`);
    expect(testLog).toMatch(/compiled\r?\n/);
    expect(testLog).toContain('no log here');
    expect(testLog).toContain('no link here');
    expect(await traceOf(jobs.build!)).toContain(
      'Uploading artifacts as "archive" to coordinator... 201 Created',
    );

    expect(jobs.build!.artifacts_file).toMatchObject({ filename: 'artifacts.zip' });
    const expiresIn = new Date(jobs.build!.artifacts_expire_at!).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(expiresIn).toBeLessThan(7.1 * 24 * 3600_000);
    const zip = await get(`/jobs/${jobs.build!.id}/artifacts`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const file = await get(`/jobs/${jobs.build!.id}/artifacts/dist/app.txt`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('compiled\n');
    expect((await get(`/jobs/${jobs.build!.id}/artifacts/dist/debug.log`)).statusCode).toBe(404);
    expect((await get(`/jobs/${jobs.test!.id}/artifacts`)).statusCode).toBe(404);
  });

  it('never extracts an archive’s ../ entries or links outside the project directory', async () => {
    const sha = await push(
      'main',
      [
        'stages: [build, test]',
        'upload:',
        '  stage: build',
        '  script:',
        '    - base64 -d hostile.b64 > hostile.zip',
        // The test server's own address: EXTERNAL_URL (and so CI_API_V4_URL) names no port here.
        `    - 'curl -sf -o /dev/null -w "uploaded %{http_code}\\n" -F "file=@hostile.zip" -H "JOB-TOKEN: $CI_JOB_TOKEN" "${baseUrl}/api/v4/jobs/$CI_JOB_ID/artifacts?artifact_type=archive&artifact_format=zip"'`,
        'victim:',
        '  stage: test',
        '  script:',
        '    - cat ok.txt',
        '    - test ! -e ../escaped.txt && test ! -e escaped.txt && echo "nothing escaped"',
        '    - test ! -e passwd-link && echo "no link"',
      ],
      { 'hostile.b64': (await hostileZip()).toString('base64') },
    );
    const jobs = await finishedJobs(sha);
    expect(await traceOf(jobs.upload!)).toContain('uploaded 201');
    const log = await traceOf(jobs.victim!);
    expect(jobs.victim!.status, log).toBe('success');
    expect(log).toContain('fine');
    expect(log).toContain('../escaped.txt: skipped');
    expect(log).toContain('passwd-link: skipped');
    expect(log).toContain('nothing escaped');
    expect(log).toContain('no link');
    expect((await filesUnder(buildsDir)).filter((name) => name.includes('escaped'))).toEqual([]);
    expect((await filesUnder(os.tmpdir())).filter((name) => name.endsWith('escaped.txt'))).toEqual([]);
    // The server never unpacks it either: a single file at `../` is not found.
    expect((await get(`/jobs/${jobs.upload!.id}/artifacts/..%2Fescaped.txt`)).statusCode).toBe(404);
    expect((await get(`/jobs/${jobs.upload!.id}/artifacts/ok.txt`)).body).toBe('fine\n');
  });

  it('refuses an archive over the size limit (413): the job fails and says so', async () => {
    const sha = await push('main', [
      'big:',
      '  script: [head -c 200000 /dev/urandom > big.bin]',
      '  artifacts:',
      '    paths: [big.bin]',
    ]);
    const { big } = await finishedJobs(sha);
    const log = await traceOf(big!);
    expect(big!.status, log).toBe('failed');
    expect(log).toContain('ERROR: Uploading artifacts as "archive" to coordinator... too large archive');
    expect(big!.artifacts_file).toBeUndefined();
  });

  it('gives jobs the project’s variables: masked ones [MASKED] in the log, protected ones only on protected branches, file ones as files', async () => {
    const variable = (payload: object) =>
      t.app.inject({ method: 'POST', url: `${projectUrl()}/variables`, headers: owner.headers, payload });
    expect(
      (await variable({ key: 'SECRET_TOKEN', value: 'sup3r-s3cret-value', masked: true })).statusCode,
    ).toBe(201);
    expect(
      (await variable({ key: 'PROD_PASSWORD', value: 'only-on-main', protected: true })).statusCode,
    ).toBe(201);
    expect(
      (await variable({ key: 'CONFIG_FILE', value: 'line one\nline two\n', variable_type: 'file' }))
        .statusCode,
    ).toBe(201);
    const config = [
      'show:',
      '  script:',
      '    - echo "token=$SECRET_TOKEN"',
      // The value in two writes, a moment apart: masked all the same.
      '    - printf "split=sup3r-s"; sleep 1; echo "3cret-value"',
      '    - echo "prod=${PROD_PASSWORD:-absent}"',
      '    - cat "$CONFIG_FILE"',
    ];
    const feature = await finishedJobs(await push('feature', config));
    const featureLog = await traceOf(feature.show!);
    expect(feature.show!.status, featureLog).toBe('success');
    expect(featureLog).toContain('token=[MASKED]');
    expect(featureLog).toContain('split=[MASKED]');
    expect(featureLog).not.toContain('sup3r-s3cret-value');
    expect(featureLog).toContain('prod=absent');
    expect(featureLog).toContain('line one\nline two');

    const main = await finishedJobs(await push('main', config));
    expect(await traceOf(main.show!)).toContain('prod=only-on-main');
  });
});
