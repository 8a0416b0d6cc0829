import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchRef, resolveCommit } from '../../src/server/git/repository';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { pushFile } from '../support/merge-request-factories';
import { runPythonGitlab } from '../support/python-gitlab';
import { createTestApp, type TestApp } from '../support/test-app';

const git = promisify(execFile);

/** python-gitlab 3.12 (Debian's) listing every runner by type, and a repository's tags. */
describe('python-gitlab: runners by type, and tags', () => {
  let t: TestApp;
  let url: string;
  let admin: TestUser;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await buildUser(t.container, { admin: true });
    owner = await buildUser(t.container);
    url = await t.listen();
  });
  afterAll(() => t.close());

  const register = async (user: TestUser, payload: object): Promise<number> => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v4/user/runners',
      headers: user.headers,
      payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number }>().id;
  };

  it('lists every runner for an administrator with runners_all and runners.all, filtered by type', async () => {
    const group = await t.container.groups.createGroup(owner, { name: 'Fleet', path: 'fleet' });
    const project = await buildProject(t.container, owner, { path: 'fleet-app' });
    const instance = await register(admin, { runner_type: 'instance_type', description: 'shared' });
    const grouped = await register(owner, { runner_type: 'group_type', group_id: group.group.id });
    const own = await register(owner, { runner_type: 'project_type', project_id: project.project.id });
    const paused = await register(owner, {
      runner_type: 'project_type',
      project_id: project.project.id,
      paused: true,
    });
    const results = await runPythonGitlab<Record<string, unknown>>(
      'runners_all.py',
      { url, token: admin.token },
      { owner_token: owner.token, runner_ids: [instance, grouped, own, paused] },
    );
    expect(results).toEqual({
      all: [
        [instance, 'instance_type'],
        [grouped, 'group_type'],
        [own, 'project_type'],
        [paused, 'project_type'],
      ],
      instance_type: [[instance, 'instance_type']],
      instance_type_only: ['instance_type'],
      group_type: [[grouped, 'group_type']],
      group_type_only: ['group_type'],
      // In the order they were made, as GitLab's API answers them.
      project_type: [
        [own, 'project_type'],
        [paused, 'project_type'],
      ],
      project_type_only: ['project_type'],
      manager_all: [[grouped, 'group_type']],
      paused_project: [[paused, 'project_type']],
      unknown_type: expect.objectContaining({ status: 400, error: 'GitlabListError' }),
      owner_refused: { status: 403, message: '403 Forbidden', error: 'GitlabListError' },
    });
  });

  it('lists real tags newest first, lightweight and annotated, searched and paged', async () => {
    const project = await buildProject(t.container, owner, { path: 'tagged' });
    await pushFile(project, 'main', { path: 'CHANGELOG.md', content: '# 1.0\n', message: 'Release 1.0' });
    const first = (await resolveCommit(project.gitDir, branchRef('main')))!;
    await pushFile(project, 'main', { path: 'CHANGELOG.md', content: '# 1.1\n', message: 'Release 1.1' });
    const second = (await resolveCommit(project.gitDir, branchRef('main')))!;
    const tag = (args: string[], date: string) =>
      git('git', ['-C', project.gitDir, 'tag', ...args], {
        env: {
          ...process.env,
          GIT_COMMITTER_NAME: 'Ada Lovelace',
          GIT_COMMITTER_EMAIL: 'ada@example.com',
          GIT_COMMITTER_DATE: date,
        },
      });
    // Lightweight tags take their commit's date (2024-03-01); the annotated ones, their own.
    await tag(['v1.0.0', first], '2024-03-01T10:00:00Z');
    await tag(['-a', 'v1.1.0-rc1', '-m', 'First candidate', second], '2025-01-01T10:00:00Z');
    await tag(['-a', 'v1.1.0', '-m', 'Release 1.1', second], '2025-02-01T10:00:00Z');
    const results = await runPythonGitlab<Record<string, unknown>>(
      'tags.py',
      { url, token: owner.token },
      { project_id: project.project.id },
    );
    const annotatedTarget = async (name: string) =>
      (await git('git', ['-C', project.gitDir, 'rev-parse', `refs/tags/${name}`])).stdout.trim();
    expect(results).toEqual({
      names: ['v1.1.0', 'v1.1.0-rc1', 'v1.0.0'],
      details: [
        ['v1.1.0', 'Release 1.1', second, await annotatedTarget('v1.1.0')],
        ['v1.1.0-rc1', 'First candidate', second, await annotatedTarget('v1.1.0-rc1')],
        ['v1.0.0', null, first, first],
      ],
      search_prefix: ['v1.1.0', 'v1.1.0-rc1'],
      search_suffix: ['v1.1.0-rc1'],
      page_2: ['v1.0.0'],
    });
  });
});
