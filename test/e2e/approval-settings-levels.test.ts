import { describe, expect, it } from 'vitest';
import { screenshot, signedInPage } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { buildUser } from '../support/factories';

const SUCCESS = 'Merge request approval settings have been updated.';
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
});
