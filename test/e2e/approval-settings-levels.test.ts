import { describe, expect, it } from 'vitest';
import { screenshot, signedInPage } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { buildProject, buildUser } from '../support/factories';

const SUCCESS = 'Merge request approval settings have been updated.';
const groupLocked = (name: string) =>
  `This setting is configured in ${name} and can only be changed in the group settings by an administrator or group owner.`;
const ADMIN_LOCKED =
  'This setting is configured at the instance level and can only be changed by an administrator.';

/** 002 §6, §8 in the browser: an administrator locks a setting, and the project shows it locked. */
describe('approval settings above the project in the browser', () => {
  const s = signedInProject({ visibility: 'private' });

  it('an administrator locks "Prevent approval by merge request creator" and the project shows it locked and disabled', async () => {
    const { t, browser, baseUrl, page, project } = s;
    const admin = await buildUser(t.container, { admin: true, name: 'Root Admin' });
    const adminPage = await signedInPage(browser, baseUrl, admin);
    await adminPage.goto('/admin/push_rule');
    const section = adminPage.getByRole('region', { name: 'Merge request approvals' });
    const creator = section.getByRole('checkbox', { name: 'Prevent approval by merge request creator' });
    expect(await creator.isChecked()).toBe(false);
    await creator.check();
    await section.getByRole('button', { name: 'Save changes' }).click();
    await section.getByText(SUCCESS).waitFor();
    await screenshot(adminPage, 'approval-settings-admin-locked');
    await adminPage.context().close();

    await page.goto(`/${project.fullPath}/-/settings/merge_requests`);
    const projectSection = page.getByRole('region', { name: 'Merge request approvals' });
    const author = projectSection.getByRole('checkbox', { name: /Prevent approval by author/ });
    await author.waitFor();
    expect(await author.isDisabled()).toBe(true);
    expect(await author.isChecked()).toBe(true);
    await projectSection.getByText(ADMIN_LOCKED).waitFor();
    expect(await projectSection.getByRole('img', { name: 'Locked' }).count()).toBe(1);
    // What nothing above locks stays editable.
    expect(
      await projectSection
        .getByRole('checkbox', { name: 'Prevent approvals by users who add commits' })
        .isDisabled(),
    ).toBe(false);
    await screenshot(page, 'approval-settings-project-locked-by-instance');
  });

  it("a group's Owner saves the group's approval settings", async () => {
    const { t, owner, page } = s;
    const group = await t.container.groups.createGroup(owner, { name: 'Acme', path: 'acme' });
    await page.goto(`/groups/${group.group.fullPath}/-/settings/merge_requests`);
    const section = page.getByRole('region', { name: 'Merge request approvals' });
    const committers = section.getByRole('checkbox', { name: 'Prevent approvals by users who add commits' });
    await committers.check();
    await section.getByRole('button', { name: 'Save changes' }).click();
    await section.getByText(SUCCESS).waitFor();
    // The instance's lock from the first test reaches the group too.
    await section.getByText(ADMIN_LOCKED).waitFor();
    await screenshot(page, 'approval-settings-group');
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/v4/groups/${group.group.id}/merge_request_approval_setting`,
      headers: owner.headers,
    });
    expect(stored.json()).toMatchObject({ allow_committer_approval: { value: false, locked: false } });
  });

  it('names the grandparent group where the lock comes from it, and the parent where it comes from the parent', async () => {
    const { t, owner, page } = s;
    const root = await t.container.groups.createGroup(owner, { name: 'Holding', path: 'holding' });
    const parent = await t.container.groups.createGroup(owner, {
      name: 'Platform',
      path: 'platform',
      parent_id: root.group.id,
    });
    const child = await t.container.groups.createGroup(owner, {
      name: 'Checkout',
      path: 'checkout',
      parent_id: parent.group.id,
    });
    const project = await buildProject(t.container, owner, { namespace_id: child.group.id });
    const put = (groupId: number, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v4/groups/${groupId}/merge_request_approval_setting`,
        headers: owner.headers,
        payload,
      });
    expect((await put(root.group.id, { require_password_to_approve: true })).statusCode).toBe(200);
    expect(
      (await put(parent.group.id, { allow_overrides_to_approver_list_per_merge_request: false })).statusCode,
    ).toBe(200);
    await page.goto(`/${project.fullPath}/-/settings/merge_requests`);
    const section = page.getByRole('region', { name: 'Merge request approvals' });
    const password = section.getByRole('checkbox', { name: /Require user password to approve/ });
    await password.waitFor();
    expect(await password.isDisabled()).toBe(true);
    await section.getByText(groupLocked('Holding')).waitFor();
    await section.getByText(groupLocked('Platform')).waitFor();
    expect(await section.getByText(groupLocked('Checkout')).count()).toBe(0);
    await screenshot(page, 'approval-settings-project-locked-by-grandparent');

    // The subgroup in between is locked by its parent, named as such.
    await page.goto(`/groups/${parent.group.fullPath}/-/settings/merge_requests`);
    await page.getByText(groupLocked('Holding')).waitFor();
    expect(await page.getByText(groupLocked('Platform')).count()).toBe(0);
  });
});
