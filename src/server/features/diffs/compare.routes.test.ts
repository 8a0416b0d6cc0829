import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Compare } from '../../../shared/api/diffs';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { testAuthor } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { commitFiles } from '../../git/commits';
import type { ProjectContext } from '../projects/projects.service';

describe('REST compare', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let project: ProjectContext;
  let featureHead: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    stranger = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'private' });
    const commit = (branch: string, path: string, message: string) =>
      commitFiles(project.gitDir, {
        branch,
        startBranch: 'main',
        message,
        author: testAuthor,
        changes: [{ action: 'create', path, content: `${message}\n` }],
      });
    await commit('feature', 'one.txt', 'First');
    featureHead = await commit('feature', 'two.txt', 'Second');
    await commit('main', 'main-only.txt', 'On main');
  });
  afterAll(() => t.close());

  const compare = (query: string, user: TestUser | null = owner) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v4/projects/${project.project.id}/repository/compare?${query}`,
      headers: user?.headers ?? {},
    });

  it('compares from the merge base by default: the branch’s commits oldest first and its files', async () => {
    const response = await compare('from=main&to=feature');
    expect(response.statusCode).toBe(200);
    const body = response.json<Compare>();
    expect(body.commits.map((c) => c.title)).toEqual(['First', 'Second']);
    expect(body.commit!.id).toBe(featureHead);
    expect(body.diffs.map((d) => d.new_path)).toEqual(['one.txt', 'two.txt']);
    expect(body).toMatchObject({ compare_timeout: false, compare_same_ref: false });
  });

  it('compares the two trees directly with straight=true', async () => {
    const body = (await compare('from=main&to=feature&straight=true')).json<Compare>();
    expect(body.diffs.map((d) => [d.new_path, d.deleted_file])).toEqual([
      ['main-only.txt', true],
      ['one.txt', false],
      ['two.txt', false],
    ]);
  });

  it('says when both refs are the same commit', async () => {
    const body = (await compare(`from=feature&to=${featureHead}`)).json<Compare>();
    expect(body).toMatchObject({ commits: [], diffs: [], commit: null, compare_same_ref: true });
  });

  it('answers 404 for an unknown ref or a project the user may not read, 400 without `to` or for an option', async () => {
    expect((await compare('from=main&to=nope')).statusCode).toBe(404);
    expect((await compare('from=main&to=feature', stranger)).statusCode).toBe(404);
    expect((await compare('from=-x&to=feature')).json()).toEqual({
      message: 'from should be a valid reference path',
    });
    expect((await compare('from=main')).statusCode).toBe(400);
  });
});
