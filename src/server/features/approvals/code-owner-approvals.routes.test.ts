import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, pushFile } from '../../../../test/support/merge-request-factories';
import { branchRef, resolveCommit } from '../../git/repository';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { approvalStateSchema } from '../../../shared/api/approvals';
import type { z } from 'zod';
import type { MergeRequestDetail } from '../../../shared/api/mergeRequests';
import type { ProjectContext } from '../projects/projects.service';

/**
 * CODEOWNERS on the target branch makes code owner rules of the files a request changes; the
 * branch's protection decides whether their approval is required.
 */
describe('code owner approvals', () => {
  let t: TestApp;
  let owner: TestUser;
  let author: TestUser;
  let docsOwner: TestUser;
  let project: ProjectContext;
  beforeAll(async () => {
    t = await createTestApp();
    [owner, author, docsOwner] = [
      await buildUser(t.container),
      await buildUser(t.container),
      await buildUser(t.container),
    ];
    project = await buildProject(t.container, owner);
    for (const user of [author, docsOwner])
      await addProjectMember(t.container, project, user, ACCESS_LEVELS.developer);
    await pushFile(project, 'main', { path: 'CODEOWNERS', content: `docs/ @${docsOwner.username}\n` });
  });
  afterAll(() => t.close());

  const api = () => `/api/v4/projects/${project.project.id}`;
  const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

  async function request(branch: string, path: string) {
    await pushFile(project, branch, { path, content: 'words\n', message: `Change ${path}` });
    const { mergeRequest } = await t.container.mergeRequests.create(author, project.project.id, {
      source_branch: branch,
      title: `Change ${path}`,
    });
    return mergeRequest.iid;
  }
  const state = async (iid: number) =>
    (await call(owner, 'GET', `${api()}/merge_requests/${iid}/approval_state`)).json<
      z.infer<typeof approvalStateSchema>
    >();
  const status = async (iid: number) =>
    (await call(owner, 'GET', `${api()}/merge_requests/${iid}`)).json<MergeRequestDetail>()
      .detailed_merge_status;

  it('requires the owner of a changed file where the target branch asks for code owner approval', async () => {
    const changed = await request('docs-change', 'docs/guide.md');
    const untouched = await request('code-change', 'src/app.ts');
    // Optional while the branch's protection does not ask for it.
    expect((await state(changed)).rules.map((rule) => [rule.rule_type, rule.name])).toEqual([
      ['code_owner', 'docs/'],
    ]);
    expect(await status(changed)).toBe('mergeable');

    const protect = await call(owner, 'PATCH', `${api()}/protected_branches/main`, {
      code_owner_approval_required: true,
    });
    expect(protect.statusCode).toBe(200);
    expect(await status(changed)).toBe('not_approved');
    expect((await state(untouched)).rules).toEqual([]);
    expect(await status(untouched)).toBe('mergeable');

    expect((await call(author, 'POST', `${api()}/merge_requests/${changed}/approve`)).statusCode).toBe(401);
    expect((await call(docsOwner, 'POST', `${api()}/merge_requests/${changed}/approve`)).statusCode).toBe(
      201,
    );
    const [rule] = (await state(changed)).rules;
    expect(rule).toMatchObject({ approved: true });
    expect(rule!.approved_by.map((user) => user.username)).toEqual([docsOwner.username]);
    expect(await status(changed)).toBe('mergeable');
  });

  it('removes, on a push, only the approvals of code owners whose files it changed, where the project asks', async () => {
    const appOwner = await buildUser(t.container);
    await addProjectMember(t.container, project, appOwner, ACCESS_LEVELS.developer);
    const settings = await call(owner, 'POST', `${api()}/approvals`, {
      reset_approvals_on_push: false,
      selective_code_owner_removals: true,
    });
    expect(settings.json()).toMatchObject({
      reset_approvals_on_push: false,
      selective_code_owner_removals: true,
    });
    await pushFile(project, 'main', {
      path: 'CODEOWNERS',
      content: `docs/ @${docsOwner.username}\napp/ @${appOwner.username}\n`,
    });
    await pushFile(project, 'both', { path: 'docs/intro.md', content: 'intro\n' });
    await pushFile(project, 'both', { path: 'app/cart.rb', content: 'cart\n' }, 'both');
    const { mergeRequest } = await t.container.mergeRequests.create(author, project.project.id, {
      source_branch: 'both',
      title: 'Docs and app',
    });
    const iid = mergeRequest.iid;
    for (const user of [docsOwner, appOwner, owner])
      expect((await call(user, 'POST', `${api()}/merge_requests/${iid}/approve`)).statusCode).toBe(201);

    // A push that changes only a file under app/: its owner's approval goes, the others stay.
    const oldSha = (await resolveCommit(project.gitDir, branchRef('both'))) ?? '';
    const newSha = await pushFile(project, 'both', { path: 'app/cart.rb', content: 'cart, fixed\n' }, 'both');
    await t.container.mergeRequests.handlePush({
      projectId: project.project.id,
      changes: [{ ref: 'refs/heads/both', oldSha, newSha }],
    });
    const approvals = (await call(owner, 'GET', `${api()}/merge_requests/${iid}/approvals`)).json<{
      approved_by: Array<{ user: { username: string } }>;
    }>();
    expect(approvals.approved_by.map((entry) => entry.user.username).sort()).toEqual(
      [docsOwner.username, owner.username].sort(),
    );
    const rules = (await state(iid)).rules;
    expect(rules.find((rule) => rule.name === 'app/')).toMatchObject({ approved: false });
    expect(rules.find((rule) => rule.name === 'docs/')).toMatchObject({ approved: true });
  });
});
