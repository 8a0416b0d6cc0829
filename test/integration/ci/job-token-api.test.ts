import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import { commitCiConfig, instanceRunnerToken } from '../../support/ci';
import { fakeRunner } from '../../support/fake-runner';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

// Pipelines run only when asked for: a commit of the configuration starts none.
const CONFIG = [
  'workflow:',
  '  rules:',
  '    - if: $CI_PIPELINE_SOURCE != "push"',
  'build:',
  '  stage: build',
  '  script: [make]',
  '  artifacts:',
  '    paths: [dist/]',
  'test:',
  '  stage: test',
  '  script: [make test]',
].join('\n');

type Job = { id: number; token: string; name: string };

async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const notAllowed = (source: ProjectContext, target: ProjectContext) =>
  `Authentication by CI/CD job token not allowed from ${source.project.path} to ${target.project.path}.`;

describe('the CI job token on the API: the job’s user, within the target project’s job token scope', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let project: ProjectContext;
  let other: ProjectContext;
  let strangers: ProjectContext;
  let runner: ReturnType<typeof fakeRunner>;
  /** `build` of `other`, finished with its archive. */
  let otherBuild: Job;
  /** `build` of `project`, finished with its archive. */
  let build: Job;
  /** `test` of `project`, running: its token is the one the tests use. */
  let running: Job;

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/v4${url}`, headers });
  const jobHeader = (job: Job = running) => ({ 'job-token': job.token });

  async function runBuildWithArchive(target: ProjectContext): Promise<Job> {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${target.project.id}/pipeline`,
      headers: owner.headers,
      payload: { ref: 'main' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const job = await runner.take();
    const boundary = 'runner-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="artifacts.zip"\r\n\r\n`;
    const content = await zipOf({ 'dist/app.txt': `built ${target.project.path}\n` });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/v4/jobs/${job.id}/artifacts?artifact_type=archive&artifact_format=zip`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'job-token': job.token },
      payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await runner.finish(job, 'success');
    return job;
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    stranger = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    other = await buildProject(t.container, owner);
    strangers = await buildProject(t.container, stranger);
    for (const target of [project, other]) await commitCiConfig(t.app, owner, target.project.id, CONFIG);
    runner = fakeRunner(t.app, await instanceRunnerToken(t.container));
    otherBuild = await runBuildWithArchive(other);
    // `other`'s test job, so that the next one taken is `project`'s.
    await runner.run('success');
    build = await runBuildWithArchive(project);
    running = await runner.take();
    expect(running.name).toBe('test');
  });
  afterAll(() => t.close());

  it('answers GET /job with the job the token belongs to, read by header, parameter or Bearer', async () => {
    for (const [url, headers] of [
      ['/job', jobHeader()],
      [`/job?job_token=${running.token}`, {}],
      ['/job', { authorization: `Bearer ${running.token}` }],
    ] as const) {
      const response = await get(url, headers);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        id: running.id,
        name: 'test',
        status: 'running',
        user: { username: owner.username },
      });
    }
  });

  it('has no job for other credentials on GET /job: 404 for a user, 401 for nobody', async () => {
    const user = await get('/job', owner.headers);
    expect(user.statusCode).toBe(404);
    expect(user.json()).toEqual({ message: '404 Job Not Found' });
    expect((await get('/job')).statusCode).toBe(401);
  });

  it('downloads its project’s artifacts: the archive, one file, and the latest by ref and job name', async () => {
    const base = `/projects/${project.project.id}/jobs`;
    const archive = await get(`${base}/${build.id}/artifacts`, jobHeader());
    expect(archive.statusCode, archive.body).toBe(200);
    expect(archive.headers['content-type']).toBe('application/zip');
    const file = await get(`${base}/${build.id}/artifacts/dist/app.txt`, jobHeader());
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toBe(`built ${project.project.path}\n`);
    const byRef = await get(`${base}/artifacts/main/download?job=build&job_token=${running.token}`);
    expect(byRef.statusCode, byRef.body).toBe(200);
    expect(byRef.headers['content-type']).toBe('application/zip');
    const raw = await get(`${base}/artifacts/main/raw/dist/app.txt?job=build`, {
      authorization: `Bearer ${running.token}`,
    });
    expect(raw.body).toBe(`built ${project.project.path}\n`);
  });

  it('reaches another project only once that project’s allowlist names the job’s project', async () => {
    const url = `/projects/${other.project.id}/jobs/${otherBuild.id}/artifacts/dist/app.txt`;
    const refused = await get(url, jobHeader());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: notAllowed(project, other) });

    const scope = `/api/v4/projects/${other.project.id}/job_token_scope/allowlist`;
    const added = await t.app.inject({
      method: 'POST',
      url: scope,
      headers: owner.headers,
      payload: { target_project_id: project.project.id },
    });
    expect(added.statusCode, added.body).toBe(201);
    const allowed = await get(url, jobHeader());
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.body).toBe(`built ${other.project.path}\n`);
    await t.app.inject({
      method: 'DELETE',
      url: `${scope}/${project.project.id}`,
      headers: owner.headers,
    });
    expect((await get(url, jobHeader())).statusCode).toBe(403);
  });

  it('reaches another project as soon as that project lifts its limit', async () => {
    const url = `/projects/${other.project.id}/jobs/artifacts/main/download?job=build`;
    expect((await get(url, jobHeader())).statusCode).toBe(403);
    const scope = `/api/v4/projects/${other.project.id}/job_token_scope`;
    const lift = (enabled: boolean) =>
      t.app.inject({ method: 'PATCH', url: scope, headers: owner.headers, payload: { enabled } });
    expect((await lift(false)).statusCode).toBe(204);
    expect((await get(url, jobHeader())).statusCode).toBe(200);
    expect((await lift(true)).statusCode).toBe(204);
  });

  it('acts as the job’s user: a project that user cannot read is not found', async () => {
    const response = await get(`/projects/${strangers.project.id}/jobs/1/artifacts`, jobHeader());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: '404 Project Not Found' });
  });

  it('triggers a pipeline in another project only as that project’s scope allows', async () => {
    const trigger = (target: ProjectContext) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v4/projects/${target.project.id}/trigger/pipeline`,
        payload: { token: running.token, ref: 'main' },
      });
    const refused = await trigger(other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: notAllowed(project, other) });
    const own = await trigger(project);
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json()).toMatchObject({ source: 'pipeline', ref: 'main' });
  });

  it('is not read where GitLab takes no job token: a route without it sees an anonymous visitor', async () => {
    const header = await get(`/projects/${project.project.id}`, jobHeader());
    expect(header.statusCode).toBe(404);
    const bearer = await get(`/projects/${project.project.id}`, { authorization: `Bearer ${running.token}` });
    expect(bearer.statusCode).toBe(401);
  });

  it('refuses the token of a job that ended with 401, everywhere it was taken', async () => {
    const ended = { ...running };
    await runner.finish(running, 'success');
    expect((await get('/job', jobHeader(ended))).statusCode).toBe(401);
    const archive = await get(`/projects/${project.project.id}/jobs/${build.id}/artifacts`, jobHeader(ended));
    expect(archive.statusCode).toBe(401);
    expect(archive.json()).toEqual({ message: '401 Unauthorized' });
  });
});
