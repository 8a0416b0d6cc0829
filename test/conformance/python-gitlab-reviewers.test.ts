import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { addProjectMember, pushFile } from '../support/merge-request-factories';
import { runPythonGitlab, type PythonTarget } from '../support/python-gitlab';
import { createTestApp, type TestApp } from '../support/test-app';

/** python-gitlab 3.12 (Debian's) asking for reviews, driven by test/conformance/python/reviewers.py. */
describe('python-gitlab reviewers', () => {
  let t: TestApp;
  let owner: TestUser;
  let colleague: TestUser;
  let project: ProjectContext;
  let target: PythonTarget;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olive Owner' });
    colleague = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, project, colleague, ACCESS_LEVELS.developer);
    await pushFile(project, 'feature', { path: 'cart.ts', content: 'export {};\n' });
    await pushFile(project, 'other', { path: 'other.txt', content: 'other\n' });
    target = { url: await t.listen(), token: owner.token };
  });
  afterAll(() => t.close());

  it('sets reviewer_ids on create and save, shows reviewers and filters by reviewer', async () => {
    const results = await runPythonGitlab<Record<string, unknown>>('reviewers.py', target, {
      project_id: project.project.id,
      owner_id: owner.id,
      colleague_id: colleague.id,
    });
    expect(results).toEqual({
      created: [colleague.id],
      saved: [owner.id, colleague.id].sort((a, b) => a - b),
      fetched: [colleague.username, owner.username].sort(),
      listed: { '1': 1, '2': 2 },
      by_username: [2],
      by_id: [1, 2],
      by_none: [],
      global: [2],
      states: [[colleague.id, 'unreviewed']],
      cleared: [],
    });
  });
});
