import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { bootstrapInstance } from './bootstrap';
import { listBranches } from './git/branches';

describe('bootstrapInstance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO: 'true' } });
  });
  afterAll(() => t.close());

  it('creates root with a generated password written to the data dir, and the demo instance, once', async () => {
    const first = await bootstrapInstance(t.container);
    expect(first.rootCreated).toBe(true);
    expect(first.generatedRootPassword).toMatch(/^[0-9a-f]{32}$/);
    const file = await readFile(path.join(t.dataDir, 'initial_root_password'), 'utf8');
    expect(file.trim()).toBe(first.generatedRootPassword);
    expect(first.demoProjectPath).toBe('demo/shop');

    const again = await bootstrapInstance(t.container);
    expect(again).toEqual({ rootCreated: false });
  });

  it('seeds a public project with real history and open, draft and closed merge requests', async () => {
    const project = await t.app.inject('/api/v4/projects/demo%2Fshop');
    expect(project.statusCode).toBe(200);
    const gitDir = t.container.projects.gitDirOf(project.json<{ id: number }>().id);
    expect((await listBranches(gitDir)).map((b) => b.name)).toEqual(
      expect.arrayContaining([
        'main',
        'feature/discount-codes',
        'docs/readme-setup',
        'experiment/integer-cents',
      ]),
    );
    const commits = await t.app.inject('/api/v4/projects/demo%2Fshop/repository/commits?ref_name=main');
    expect(commits.json<unknown[]>()).toHaveLength(4);

    const list = await t.app.inject('/api/v4/projects/demo%2Fshop/merge_requests?state=all');
    const requests = list.json<Array<{ title: string; state: string; draft: boolean }>>();
    expect(requests).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'Add discount codes at checkout', state: 'opened', draft: false }),
        expect.objectContaining({ title: 'Draft: Refresh the README', state: 'opened', draft: true }),
        expect.objectContaining({ title: 'Store prices as integer cents', state: 'closed' }),
      ]),
    );
  });

  it('signs alice in with the demo password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      payload: { login: 'alice', password: 'demo-password' },
    });
    expect(response.statusCode).toBe(200);
  });
});
