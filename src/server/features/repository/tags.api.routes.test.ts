import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { commitFiles } from '../../git/commits';
import { updateRef, ZERO_SHA } from '../../git/repository';
import { runGit } from '../../git/run-git';
import type { ProjectContext } from '../projects/projects.service';

type TagJson = {
  name: string;
  message: string | null;
  target: string;
  commit: { id: string; title: string } | null;
  release: null;
  protected: boolean;
  created_at: string | null;
};

const author = { name: 'Ada', email: 'ada@example.com', date: new Date('2024-05-01T10:00:00Z') };
const tagger = {
  GIT_COMMITTER_NAME: 'Ada',
  GIT_COMMITTER_EMAIL: 'ada@example.com',
  GIT_COMMITTER_DATE: '2024-06-01T12:00:00Z',
};

describe('GET /projects/:id/repository/tags', () => {
  let t: TestApp;
  let owner: TestUser;
  let reporter: TestUser;
  let guest: TestUser;
  let stranger: TestUser;
  let project: ProjectContext;
  let first: string;
  let second: string;
  const get = (user: TestUser, query = '') =>
    t.app.inject({
      url: `/api/v4/projects/${project.project.id}/repository/tags${query}`,
      headers: user.headers,
    });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    reporter = await buildUser(t.container);
    guest = await buildUser(t.container);
    stranger = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
    await addProjectMember(t.container, project, guest, ACCESS_LEVELS.guest);
    const commit = (message: string, path: string) =>
      commitFiles(project.gitDir, {
        branch: 'main',
        startBranch: 'main',
        message,
        author,
        changes: [{ action: 'create', path, content: `${path}\n` }],
      });
    first = await commit('First release', 'one.txt');
    second = await commit('Second release', 'two.txt');
    // A lightweight tag, then an annotated one (with a message of two paragraphs), made later.
    expect(await updateRef(project.gitDir, 'refs/tags/v1.0.0', first, ZERO_SHA)).toBe(true);
    await runGit(
      project.gitDir,
      ['tag', '-a', 'v2.0.0-rc1', '-m', 'Release candidate\n\nWith notes.', second],
      {
        env: tagger,
      },
    );
  });
  afterAll(() => t.close());

  it('answers the tags in GitLab’s shape, newest first, with their commits', async () => {
    const response = await get(reporter);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-total']).toBe('2');
    const tags = response.json<TagJson[]>();
    expect(tags.map((tag) => tag.name)).toEqual(['v2.0.0-rc1', 'v1.0.0']);
    const [annotated, lightweight] = tags as [TagJson, TagJson];
    expect(annotated).toMatchObject({
      message: 'Release candidate\n\nWith notes.',
      commit: { id: second, title: 'Second release' },
      release: null,
      protected: false,
      created_at: '2024-06-01T12:00:00.000Z',
    });
    // An annotated tag's target is the tag object, not its commit.
    expect(annotated.target).toMatch(/^[0-9a-f]{40}$/);
    expect(annotated.target).not.toBe(second);
    expect(lightweight).toEqual(
      expect.objectContaining({
        message: null,
        target: first,
        created_at: null,
        commit: expect.objectContaining({ id: first }),
      }),
    );
  });

  it('searches as GitLab does (contains, ^ starts with, $ ends with) and pages', async () => {
    const names = async (query: string) =>
      (await get(reporter, query)).json<TagJson[]>().map((tag) => tag.name);
    expect(await names('?search=rc')).toEqual(['v2.0.0-rc1']);
    expect(await names('?search=^v1')).toEqual(['v1.0.0']);
    expect(await names('?search=.0$')).toEqual(['v1.0.0']);
    expect(await names('?search=nothing')).toEqual([]);
    const paged = await get(reporter, '?per_page=1&page=2');
    expect(paged.json<TagJson[]>().map((tag) => tag.name)).toEqual(['v1.0.0']);
    expect(paged.headers['x-total']).toBe('2');
  });

  it('is refused to those who may not read the code: a Guest of a private project, and a stranger', async () => {
    expect((await get(guest)).statusCode).toBe(403);
    const hidden = await get(stranger);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: '404 Project Not Found' });
  });
});
