import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addGroupMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, pushFile } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { groupApprovalSettings, projectApprovalSettings } from '../../db/schema';
import type { ProjectContext } from '../projects/projects.service';

const ADMIN_LOCKED =
  'This setting is configured at the instance level and can only be changed by an administrator.';
const groupLocked = (name: string) =>
  `This setting is configured in ${name} and can only be changed in the group settings by an administrator or group owner.`;

/** Approval settings above the project: the instance's and the groups', and the locks they put below. */
describe('merge request approval settings at the group and instance levels', () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  let author: TestUser;
  let developer: TestUser;
  let stranger: TestUser;
  let unique = 0;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await buildUser(t.container, { admin: true });
    [owner, author, developer, stranger] = [
      await buildUser(t.container),
      await buildUser(t.container),
      await buildUser(t.container),
      await buildUser(t.container),
    ];
  });
  afterAll(() => t.close());
  // The instance's settings reach every test: each test that locks lifts its locks again.
  afterEach(async () => {
    await call(admin, 'PUT', '/api/v4/application/settings', {
      prevent_merge_requests_author_approval: false,
      prevent_merge_requests_committers_approval: false,
      disable_overriding_approvers_per_merge_request: false,
    });
  });

  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
  const projectApi = (p: ProjectContext) => `/api/v4/projects/${p.project.id}`;
  const groupApi = (id: number) => `/api/v4/groups/${id}/merge_request_approval_setting`;

  async function group(parentId?: number) {
    unique += 1;
    const name = `Acme ${unique}`;
    return t.container.groups.createGroup(owner, {
      name,
      path: `acme-${unique}`,
      ...(parentId === undefined ? {} : { parent_id: parentId }),
    });
  }

  /** A project in the namespace, where the author may approve their own request, with one open by `author`. */
  async function projectWithRequest(namespaceId?: number) {
    const p = await buildProject(
      t.container,
      owner,
      namespaceId === undefined ? {} : { namespace_id: namespaceId },
    );
    for (const user of [author, developer])
      await addProjectMember(t.container, p, user, ACCESS_LEVELS.developer);
    expect(
      (await call(owner, 'POST', `${projectApi(p)}/approvals`, { merge_requests_author_approval: true }))
        .statusCode,
    ).toBe(201);
    await pushFile(p, 'feature', { path: 'cart.ts', content: 'export {};\n', message: 'Add the cart' });
    await t.container.mergeRequests.create(author, p.project.id, {
      source_branch: 'feature',
      title: 'Add a cart',
    });
    return p;
  }

  const projectSetting = async (p: ProjectContext) =>
    (await call(owner, 'GET', `${projectApi(p)}/merge_request_approval_setting`)).json<
      Record<string, { value: boolean; locked: boolean; inherited_from: string | null }>
    >();
  const storedProject = async (p: ProjectContext) =>
    (
      await t.deps.database.db
        .select()
        .from(projectApprovalSettings)
        .where(eq(projectApprovalSettings.projectId, p.project.id))
    )[0];

  it('lets administrators lock the instance, and nobody else', async () => {
    const initial = await call(admin, 'GET', '/api/v4/application/settings');
    expect(initial.json()).toEqual({
      prevent_merge_requests_author_approval: false,
      prevent_merge_requests_committers_approval: false,
      disable_overriding_approvers_per_merge_request: false,
    });
    const refused = await call(owner, 'PUT', '/api/v4/application/settings', {
      prevent_merge_requests_author_approval: true,
    });
    expect(refused.statusCode).toBe(403);
    expect((await call(owner, 'GET', '/api/v4/application/settings')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/v4/application/settings')).statusCode).toBe(401);
    expect((await call(admin, 'GET', '/api/v4/application/settings')).json()).toEqual(initial.json());
    const locked = await call(admin, 'PUT', '/api/v4/application/settings', {
      prevent_merge_requests_author_approval: true,
    });
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ prevent_merge_requests_author_approval: true });
  });

  it('locks a setting the instance restricts in every project: shown locked, refused with 403, obeyed by approve', async () => {
    const p = await projectWithRequest();
    expect((await projectSetting(p)).allow_author_approval).toEqual({
      value: true,
      locked: false,
      inherited_from: null,
      inherited_from_group: null,
    });
    await call(admin, 'PUT', '/api/v4/application/settings', {
      prevent_merge_requests_author_approval: true,
    });
    expect((await projectSetting(p)).allow_author_approval).toEqual({
      value: false,
      locked: true,
      inherited_from: 'instance',
      inherited_from_group: null,
    });
    const before = await storedProject(p);
    const relax = await call(owner, 'PUT', `${projectApi(p)}/merge_request_approval_setting`, {
      allow_author_approval: true,
    });
    expect(relax.statusCode).toBe(403);
    expect(relax.json()).toEqual({ message: ADMIN_LOCKED });
    const older = await call(owner, 'POST', `${projectApi(p)}/approvals`, {
      merge_requests_author_approval: true,
      approvals_before_merge: 2,
    });
    expect(older.statusCode).toBe(403);
    expect(await storedProject(p)).toEqual(before);
    expect((await call(owner, 'GET', `${projectApi(p)}/approvals`)).json()).toMatchObject({
      merge_requests_author_approval: false,
    });
    const approve = await call(author, 'POST', `${projectApi(p)}/merge_requests/1/approve`);
    expect(approve.statusCode).toBe(401);
    // Lifting the lock gives the project its own choice back.
    await call(admin, 'PUT', '/api/v4/application/settings', {
      prevent_merge_requests_author_approval: false,
    });
    expect((await projectSetting(p)).allow_author_approval).toMatchObject({ value: true, locked: false });
    expect((await call(author, 'POST', `${projectApi(p)}/merge_requests/1/approve`)).statusCode).toBe(201);
  });

  it("lets a group's Owners lock its projects and subgroups; Developers get 403, outsiders 404", async () => {
    const parent = await group();
    const child = await group(parent.group.id);
    await addGroupMember(t.container, parent, developer, ACCESS_LEVELS.developer);
    // Made before the lock: its author was allowed to approve, and the group takes that away.
    const p = await projectWithRequest(child.group.id);
    expect((await call(developer, 'GET', groupApi(parent.group.id))).statusCode).toBe(403);
    expect((await call(stranger, 'GET', groupApi(parent.group.id))).statusCode).toBe(404);
    const refused = await call(developer, 'PUT', groupApi(parent.group.id), { allow_author_approval: false });
    expect(refused.statusCode).toBe(403);
    expect(
      await t.deps.database.db
        .select()
        .from(groupApprovalSettings)
        .where(eq(groupApprovalSettings.groupId, parent.group.id)),
    ).toEqual([]);

    const put = await call(owner, 'PUT', groupApi(parent.group.id), {
      allow_author_approval: false,
      retain_approvals_on_push: false,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      allow_author_approval: { value: false, locked: false, inherited_from: null },
      allow_committer_approval: { value: true, locked: false, inherited_from: null },
    });
    expect((await call(owner, 'GET', groupApi(child.group.id))).json()).toMatchObject({
      allow_author_approval: { value: false, locked: true, inherited_from: 'group' },
    });
    const relaxChild = await call(owner, 'PUT', groupApi(child.group.id), { allow_author_approval: true });
    expect(relaxChild.statusCode).toBe(403);
    expect(relaxChild.json()).toEqual({ message: groupLocked(parent.group.name) });

    expect(await projectSetting(p)).toMatchObject({
      allow_author_approval: { value: false, locked: true, inherited_from: 'group' },
      retain_approvals_on_push: { value: false, locked: true, inherited_from: 'group' },
    });
    const relax = await call(owner, 'PUT', `${projectApi(p)}/merge_request_approval_setting`, {
      allow_author_approval: true,
    });
    expect(relax.statusCode).toBe(403);
    expect(relax.json()).toEqual({ message: groupLocked(parent.group.name) });
    expect((await call(author, 'POST', `${projectApi(p)}/merge_requests/1/approve`)).statusCode).toBe(401);
    // A setting nobody above restricts stays the project's own.
    const free = await call(owner, 'PUT', `${projectApi(p)}/merge_request_approval_setting`, {
      allow_committer_approval: false,
    });
    expect(free.statusCode).toBe(200);
    expect(free.json()).toMatchObject({ allow_committer_approval: { value: false, locked: false } });
  });

  it('locks the group level below an instance restriction, from the instance', async () => {
    const top = await group();
    await call(admin, 'PUT', '/api/v4/application/settings', {
      prevent_merge_requests_committers_approval: true,
    });
    expect((await call(owner, 'GET', groupApi(top.group.id))).json()).toMatchObject({
      allow_committer_approval: { value: false, locked: true, inherited_from: 'instance' },
    });
    const relax = await call(owner, 'PUT', groupApi(top.group.id), { allow_committer_approval: true });
    expect(relax.statusCode).toBe(403);
    expect(relax.json()).toEqual({ message: ADMIN_LOCKED });
    const empty = await call(owner, 'PUT', groupApi(top.group.id), {});
    expect(empty.statusCode).toBe(400);
  });

  it('names the group a lock comes from: the grandparent for its setting, the parent for its own', async () => {
    const root = await group();
    const parent = await group(root.group.id);
    const child = await group(parent.group.id);
    const p = await projectWithRequest(child.group.id);
    await call(owner, 'PUT', groupApi(root.group.id), { require_password_to_approve: true });
    await call(owner, 'PUT', groupApi(parent.group.id), { allow_author_approval: false });
    const rootRef = { name: root.group.name, full_path: root.group.fullPath };
    const parentRef = { name: parent.group.name, full_path: parent.group.fullPath };
    expect(await projectSetting(p)).toMatchObject({
      require_password_to_approve: {
        value: true,
        locked: true,
        inherited_from: 'group',
        inherited_from_group: rootRef,
      },
      allow_author_approval: {
        value: false,
        locked: true,
        inherited_from: 'group',
        inherited_from_group: parentRef,
      },
      allow_committer_approval: { locked: false, inherited_from_group: null },
    });
    const relaxPassword = await call(owner, 'PUT', `${projectApi(p)}/merge_request_approval_setting`, {
      require_password_to_approve: false,
    });
    expect(relaxPassword.statusCode).toBe(403);
    expect(relaxPassword.json()).toEqual({ message: groupLocked(root.group.name) });
    // The subgroup in between is locked by the grandparent too, and says so.
    const parentSettings = (await call(owner, 'GET', groupApi(parent.group.id))).json();
    expect(parentSettings).toMatchObject({
      require_password_to_approve: { locked: true, inherited_from_group: rootRef },
      allow_author_approval: { value: false, locked: false, inherited_from_group: null },
    });
    const relaxParent = await call(owner, 'PUT', groupApi(parent.group.id), {
      require_password_to_approve: false,
    });
    expect(relaxParent.json()).toEqual({ message: groupLocked(root.group.name) });
    // Both restricting the same setting: the highest, which the one below cannot lift, is named.
    await call(owner, 'PUT', groupApi(root.group.id), { allow_author_approval: false });
    expect((await projectSetting(p)).allow_author_approval).toMatchObject({ inherited_from_group: rootRef });
  });
});
