import { describe, expect, it } from 'vitest';
import { assignFromSidebar, screenshot } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { buildMergeRequest } from '../support/merge-request-factories';

describe('assignees in the browser', () => {
  const setup = signedInProject({ visibility: 'private', developer: true });

  const sidebar = () => setup.page.getByRole('region', { name: 'Assignees' });
  const noteBy = (text: string) => setup.page.locator('.note', { hasText: text }).first();

  async function comment(noteableType: 'Issue' | 'MergeRequest', iid: number, body: string) {
    const noteable = await setup.t.container.noteables.byIid(
      setup.developer,
      noteableType,
      setup.project.project.id,
      iid,
    );
    await setup.t.container.notes.create(setup.developer, noteable, { body });
  }

  it('assigns a merge request from its sidebar, with the system note', async () => {
    const { t, page, owner, developer, project } = setup;
    const view = await buildMergeRequest(t.container, owner, project, { title: 'Add the cart' });
    await page.goto(`/${project.fullPath}/-/merge_requests/${view.mergeRequest.iid}`);
    await sidebar().getByText('None').waitFor();
    await assignFromSidebar(page, 'Grace', 'Grace Hopper');
    await page.getByText(`assigned to @${developer.username}`).waitFor();
    await screenshot(page, 'assignees-merge-request-sidebar');
    const shown = await t.container.mergeRequests.show(owner, project.project.id, view.mergeRequest.iid);
    expect(shown.assignees.map((user) => user.id)).toEqual([developer.id]);
  });

  it('keeps both people picked one right after the other, before the first pick is saved', async () => {
    const { t, page, owner, developer, project } = setup;
    const view = await buildMergeRequest(t.container, owner, project, { title: 'Add the basket' });
    const iid = view.mergeRequest.iid;
    await page.goto(`/${project.fullPath}/-/merge_requests/${iid}`);
    await sidebar().getByText('None').waitFor();
    // The first save is held until the second pick is made, as on a slow connection.
    let releaseFirst = () => undefined as void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const saved: unknown[] = [];
    await page.route(`**/merge_requests/${iid}`, async (route) => {
      if (route.request().method() === 'PUT') {
        saved.push(route.request().postDataJSON());
        if (saved.length === 1) await firstHeld;
      }
      await route.continue();
    });
    // Each pick saves at once and closes the menu; the second comes before the first is answered.
    // Edit is clicked again once the menu has closed: while it closes, a click on Edit closes it.
    const items = page.getByRole('menuitemcheckbox');
    for (const name of ['Ada Lovelace', 'Grace Hopper']) {
      await sidebar().getByRole('button', { name: 'Edit' }).click();
      await items.filter({ hasText: name }).click();
      await expect.poll(() => items.count()).toBe(0);
    }
    releaseFirst();
    // In order, each on the list asked for before it: the second does not drop the first pick.
    await expect
      .poll(() => saved)
      .toEqual([{ assignee_ids: [owner.id] }, { assignee_ids: [owner.id, developer.id] }]);
    const assigned = sidebar().getByRole('list', { name: 'Assigned' });
    await assigned.getByText('Ada Lovelace').waitFor();
    await assigned.getByText('Grace Hopper').waitFor();
    await page.unroute(`**/merge_requests/${iid}`);
    const shown = await t.container.mergeRequests.show(owner, project.project.id, iid);
    expect(shown.assignees.map((user) => user.id).sort()).toEqual([owner.id, developer.id].sort());
  });

  it('assigns and unassigns an issue’s commenting user from the note’s menu', async () => {
    const { t, page, owner, developer, project } = setup;
    const { record } = await t.container.issues.create(owner, project.project.id, { title: 'Cart is slow' });
    await comment('Issue', record.issue.iid, 'I can take this one.');
    await page.goto(`/${project.fullPath}/-/issues/${record.issue.iid}`);
    const note = noteBy('I can take this one.');
    await note.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Assign to commenting user' }).click();
    await sidebar().getByRole('list', { name: 'Assigned' }).getByText('Grace Hopper').waitFor();
    await page.getByText(`assigned to @${developer.username}`).waitFor();

    await note.getByRole('button', { name: 'More actions' }).click();
    await screenshot(page, 'assignees-note-menu');
    await page.getByRole('menuitem', { name: 'Unassign from commenting user' }).click();
    await sidebar().getByText('None').waitFor();
    await page.getByText(`unassigned @${developer.username}`).waitFor();
  });

  it('offers no "Assign to commenting user" on a merge request’s notes (issues only)', async () => {
    const { t, page, owner, project } = setup;
    const view = await buildMergeRequest(t.container, owner, project, { title: 'Add the till' });
    await comment('MergeRequest', view.mergeRequest.iid, 'Happy to review and finish it.');
    await page.goto(`/${project.fullPath}/-/merge_requests/${view.mergeRequest.iid}`);
    await noteBy('Happy to review').getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Copy link' }).waitFor();
    expect(await page.getByRole('menuitem', { name: /commenting user/ }).count()).toBe(0);
  });
});
