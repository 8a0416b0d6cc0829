import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { commitCiConfig, instanceRunnerToken } from '../../../../test/support/ci';
import { fakeRunner } from '../../../../test/support/fake-runner';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

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

async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A multipart body as gitlab-runner writes it: one `file` part. */
function multipart(content: Buffer, fileName = 'artifacts.zip') {
  const boundary = 'runner-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

describe('artifacts through GitLab Runner’s endpoints: tokens, dependencies, limits, expiry', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let runner: ReturnType<typeof fakeRunner>;

  const upload = (
    job: { id: number; token: string },
    content: Buffer,
    query = 'artifact_type=archive&artifact_format=zip',
  ) => {
    const body = multipart(content);
    return t.app.inject({
      method: 'POST',
      url: `/api/v4/jobs/${job.id}/artifacts?${query}`,
      headers: { ...body.headers, 'job-token': job.token },
      payload: body.payload,
    });
  };
  const createPipeline = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/v4/projects/${project.project.id}/pipeline`,
        headers: owner.headers,
        payload: { ref: 'main' },
      })
    ).json<{ id: number }>().id;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_ARTIFACTS_SIZE_MB: '0.01' } });
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    await commitCiConfig(t.app, owner, project.project.id, CONFIG);
    runner = fakeRunner(t.app, await instanceRunnerToken(t.container));
  });
  afterAll(() => t.close());

  it('tells the runner what to archive, and hands the next stage its dependency with the archive to fetch', async () => {
    await createPipeline();
    const build = await runner.take();
    expect(build.artifacts).toEqual([
      {
        name: 'artifacts',
        untracked: false,
        paths: ['dist/'],
        exclude: [],
        when: 'on_success',
        expire_in: null,
        artifact_type: 'archive',
        artifact_format: 'zip',
      },
    ]);
    expect(build.dependencies).toEqual([]);
    const archive = await zipOf({ 'dist/app.js': 'built' });
    expect((await upload({ id: build.id, token: 'wrong' }, archive)).statusCode).toBe(403);
    const stored = await upload(
      build,
      archive,
      'artifact_type=archive&artifact_format=zip&expire_in=1%20day',
    );
    expect(stored.statusCode, stored.body).toBe(201);
    await runner.finish(build, 'success');

    const test = await runner.take();
    expect(test.dependencies).toEqual([
      {
        id: build.id,
        name: 'build',
        token: test.token,
        artifacts_file: { filename: 'artifacts.zip', size: archive.length },
      },
    ]);
    const fetched = await t.app.inject({
      url: `/api/v4/jobs/${build.id}/artifacts`,
      headers: { 'job-token': test.token },
    });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(archive)).toBe(true);
    // Nothing for a token that is not a running job's of the same pipeline.
    expect(
      (
        await t.app.inject({
          url: `/api/v4/jobs/${build.id}/artifacts`,
          headers: { 'job-token': build.token },
        })
      ).statusCode,
    ).toBe(403);
    await runner.finish(test, 'success');

    // The newest successful `build` of main, by ref; and kept for ever on request.
    const byRef = `/api/v4/projects/${project.project.id}/jobs/artifacts/main`;
    const latest = await t.app.inject({ url: `${byRef}/download?job=build`, headers: owner.headers });
    expect(latest.statusCode).toBe(200);
    expect(latest.rawPayload.equals(archive)).toBe(true);
    const raw = await t.app.inject({ url: `${byRef}/raw/dist/app.js?job=build`, headers: owner.headers });
    expect(raw.body).toBe('built');
    expect(
      (await t.app.inject({ url: `${byRef}/download?job=test`, headers: owner.headers })).statusCode,
    ).toBe(404);
    const kept = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/jobs/${build.id}/artifacts/keep`,
      headers: owner.headers,
    });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json()).toMatchObject({ id: build.id, artifacts_expire_at: null });
    expect(
      (
        await t.app.inject({
          url: `/api/v4/jobs/${build.id}/artifacts`,
          headers: { 'job-token': test.token },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses an archive past the limit with 413 and keeps nothing of it', async () => {
    await createPipeline();
    const build = await runner.take();
    const big = Buffer.alloc(20_000, 7);
    const refused = await upload(build, big);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ message: '413 Request Entity Too Large' });
    const job = await t.app.inject({
      url: `/api/v4/projects/${project.project.id}/jobs/${build.id}`,
      headers: owner.headers,
    });
    expect(job.json()).toMatchObject({ artifacts: [], artifacts_expire_at: null });
    const kept = await readdir(
      path.join(t.dataDir, 'artifacts', String(project.project.id), String(build.id)),
    ).catch(() => []);
    expect(kept).toEqual([]);
    await runner.finish(build, 'success');
    await runner.run('success');
  });

  it('stops serving an archive once expire_in has passed, and the sweep removes its file', async () => {
    await createPipeline();
    const build = await runner.take();
    expect((await upload(build, await zipOf({ 'a.txt': 'a' }), 'expire_in=1%20sec')).statusCode).toBe(201);
    await runner.finish(build, 'success');
    await runner.run('success');
    const url = `/api/v4/projects/${project.project.id}/jobs/${build.id}/artifacts`;
    expect((await t.app.inject({ url, headers: owner.headers })).statusCode).toBe(200);
    await delay(1100);
    expect((await t.app.inject({ url, headers: owner.headers })).statusCode).toBe(404);
    expect(await t.container.artifacts.removeExpired()).toBe(1);
    const dir = path.join(t.dataDir, 'artifacts', String(project.project.id), String(build.id));
    expect(await readdir(dir)).toEqual([]);
  });

  it('removes a deleted project’s artifact files with it', async () => {
    const doomed = await buildProject(t.container, owner);
    await commitCiConfig(t.app, owner, doomed.project.id, CONFIG);
    await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${doomed.project.id}/pipeline`,
      headers: owner.headers,
      payload: { ref: 'main' },
    });
    const build = await runner.take();
    expect((await upload(build, await zipOf({ 'kept.txt': 'until the project goes' }))).statusCode).toBe(201);
    const dir = path.join(t.dataDir, 'artifacts', String(doomed.project.id));
    expect(await readdir(dir)).toEqual([String(build.id)]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v4/projects/${doomed.project.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(202);
    await expect(readdir(dir)).rejects.toThrow(/ENOENT/);
  });
});
