import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitCiConfig, instanceRunnerToken } from '../../../../test/support/ci';
import { fakeRunner } from '../../../../test/support/fake-runner';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ArtifactsBrowse } from '../../../shared/api/artifactsBrowse';
import type { ProjectContext } from '../projects/projects.service';

describe('the job artifacts browser (artifacts/browse.json?path=)', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let project: ProjectContext;
  let withArchive: number;
  let without: number;

  const browse = (user: TestUser | undefined, jobId: number, path?: string) =>
    t.app.inject({
      url: `/${project.fullPath}/-/jobs/${jobId}/artifacts/browse.json${path === undefined ? '' : `?path=${encodeURIComponent(path)}`}`,
      headers: user?.headers,
    });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    stranger = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    const runner = fakeRunner(t.app, await instanceRunnerToken(t.container));
    await commitCiConfig(
      t.app,
      owner,
      project.project.id,
      'build:\n  script: [make]\nlint:\n  script: [lint]\n',
    );
    const first = await runner.take();
    await runner.uploadArtifacts(first, {
      'dist/app.js': 'console.log(1);\n',
      'dist/css/site.css': 'body{}',
      'logs/': '',
      'report.txt': 'all good',
    });
    await runner.finish(first, 'success');
    withArchive = first.id;
    without = (await runner.run('success')).id;
  });
  afterAll(() => t.close());

  it('lists the archive’s root: folders, then files with their sizes', async () => {
    const response = await browse(owner, withArchive);
    expect(response.statusCode).toBe(200);
    expect(response.json<ArtifactsBrowse>()).toEqual({
      path: '',
      directories: [
        { name: 'dist', path: 'dist' },
        { name: 'logs', path: 'logs' },
      ],
      files: [{ name: 'report.txt', path: 'report.txt', size: 8 }],
    });
  });

  it('lists a folder, and an empty one', async () => {
    expect((await browse(owner, withArchive, 'dist')).json()).toEqual({
      path: 'dist',
      directories: [{ name: 'css', path: 'dist/css' }],
      files: [{ name: 'app.js', path: 'dist/app.js', size: 16 }],
    });
    expect((await browse(owner, withArchive, 'logs')).json()).toEqual({
      path: 'logs',
      directories: [],
      files: [],
    });
  });

  it('answers 404 for a folder it does not have, one that climbs out, and a job without an archive', async () => {
    expect((await browse(owner, withArchive, 'nothing')).statusCode).toBe(404);
    expect((await browse(owner, withArchive, 'dist/../../etc')).statusCode).toBe(404);
    expect((await browse(owner, withArchive, '../')).statusCode).toBe(404);
    expect((await browse(owner, without)).statusCode).toBe(404);
  });

  it('shows nothing of a private project to those who may not read it', async () => {
    expect((await browse(stranger, withArchive)).statusCode).toBe(404);
    expect((await browse(undefined, withArchive)).statusCode).toBe(404);
  });
});
