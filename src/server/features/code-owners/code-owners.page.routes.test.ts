import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { commitFiles } from '../../git/commits';
import type { ProjectContext } from '../projects/projects.service';

const author = { name: 'Ada', email: 'ada@example.com', date: new Date('2024-05-01T10:00:00Z') };

/** The file page's "Code owners": the CODEOWNERS of the ref being viewed, per section. */
describe('code owners of a file, for its page', () => {
  let t: TestApp;
  let owner: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let stranger: TestUser;
  let project: ProjectContext;

  const write = (branch: string, files: Record<string, string>) =>
    commitFiles(project.gitDir, {
      branch,
      startBranch: 'main',
      message: `Write ${Object.keys(files).join(', ')}`,
      author,
      changes: Object.entries(files).map(([path, content]) => ({ action: 'create' as const, path, content })),
    });
  const ask = (user: TestUser | null, ref: string, path: string) =>
    t.app.inject({
      method: 'GET',
      url: `/${project.fullPath}/-/code_owners`,
      query: { ref, path },
      headers: user?.headers ?? {},
    });
  const person = (user: TestUser) => ({
    id: user.id,
    username: user.username,
    name: user.name,
    web_url: `/${user.username}`,
  });

  beforeAll(async () => {
    t = await createTestApp();
    [owner, alice, bob, stranger] = [
      await buildUser(t.container),
      await buildUser(t.container),
      await buildUser(t.container),
      await buildUser(t.container),
    ];
    project = await buildProject(t.container, owner, { visibility: 'private' });
    for (const user of [alice, bob])
      await addProjectMember(t.container, project, user, ACCESS_LEVELS.developer);
    await write('owned', {
      '.gitlab/CODEOWNERS': [
        `* @${alice.username}`,
        `*.md @${bob.username} @nobody-here`,
        '[Frontend][2]',
        `/app/ @${bob.username} @${alice.username}`,
        '[Ghosts]',
        '/app/ @nobody-here',
        '',
      ].join('\n'),
      'app/cart.ts': 'export {};\n',
    });
  });
  afterAll(() => t.close());

  it('names the owners of each section that owns the path, the default section unnamed', async () => {
    const answer = await ask(owner, 'owned', 'app/cart.ts');
    expect(answer.statusCode).toBe(200);
    // The Ghosts section names no known user: it is not shown.
    expect(answer.json()).toEqual({
      code_owners_path: '.gitlab/CODEOWNERS',
      sections: [
        { name: null, owners: [person(alice)] },
        { name: 'Frontend', owners: [person(bob), person(alice)] },
      ],
    });
    // The latest matching line wins within a section; unknown names are left out.
    expect((await ask(owner, 'owned', 'README.md')).json()).toEqual({
      code_owners_path: '.gitlab/CODEOWNERS',
      sections: [{ name: null, owners: [person(bob)] }],
    });
  });

  it('reads the ref being viewed: another branch, or a commit, has its own CODEOWNERS or none', async () => {
    expect((await ask(owner, 'main', 'app/cart.ts')).json()).toEqual({
      code_owners_path: null,
      sections: [],
    });
    const sha = await write('other', { CODEOWNERS: `/docs/ @${bob.username}\n` });
    expect((await ask(owner, sha, 'docs/guide.md')).json()).toEqual({
      code_owners_path: 'CODEOWNERS',
      sections: [{ name: null, owners: [person(bob)] }],
    });
    // A CODEOWNERS that owns nothing here: nothing to show.
    expect((await ask(owner, 'other', 'app/cart.ts')).json()).toEqual({
      code_owners_path: 'CODEOWNERS',
      sections: [],
    });
  });

  it('keeps owners from those who may not read the code, and refuses unknown refs', async () => {
    expect((await ask(stranger, 'owned', 'app/cart.ts')).statusCode).toBe(404);
    expect((await ask(null, 'owned', 'app/cart.ts')).statusCode).toBe(404);
    expect((await ask(owner, 'no-such-branch', 'app/cart.ts')).statusCode).toBe(404);
    expect((await ask(owner, 'owned', '')).statusCode).toBe(400);
  });
});
