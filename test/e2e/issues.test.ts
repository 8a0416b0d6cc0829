import { describe, expect, it } from 'vitest';
import { notes } from '../../src/server/db/schema';
import { assignFromSidebar, screenshot } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { buildUser } from '../support/factories';

describe('issues in the browser', () => {
  const setup = signedInProject({ visibility: 'public', developer: true });

  const issuesUrl = (path = '') => `/${setup.project.fullPath}/-/issues${path}`;
  const header = () => setup.page.locator('.issue-header');

  it('shows an empty list with a way to start', async () => {
    const { page, project } = setup;
    await page.goto(`/${project.fullPath}`);
    await page.getByRole('link', { name: 'Issues' }).click();
    await page.waitForURL((url) => url.pathname === issuesUrl());
    await page.getByText('There are no open issues').waitFor();
    await screenshot(page, 'issues-empty');
    await page.getByRole('link', { name: 'New issue' }).first().click();
    await page.waitForURL((url) => url.pathname === issuesUrl('/new'));
  });

  it('creates an issue from the web form', async () => {
    const { page } = setup;
    await page.getByLabel('Title').fill('Sign-in page crashes on Safari');
    await page
      .getByLabel('Description')
      .fill('Steps to reproduce:\n\n1. Open **Safari**\n2. Sign in\n\n- [x] reproduced\n- [ ] fixed');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('.md-editor__preview strong', { hasText: 'Safari' }).waitFor();
    await screenshot(page, 'issues-new');
    await page.getByRole('button', { name: 'Create issue' }).click();

    await page.waitForURL((url) => url.pathname === issuesUrl('/1'));
    await page.getByRole('heading', { name: 'Sign-in page crashes on Safari' }).waitFor();
    expect(await header().getByText('Open', { exact: true }).isVisible()).toBe(true);
    expect(await header().innerText()).toContain('Issue created');
    expect(await page.locator('.issue-description strong').innerText()).toBe('Safari');
  });

  it('lists it under Open with its counts', async () => {
    const { page } = setup;
    await page.goto(issuesUrl());
    const list = page.getByRole('list', { name: 'Issues' });
    await list.getByRole('link', { name: 'Sign-in page crashes on Safari' }).waitFor();
    expect(await list.innerText()).toContain('#1');
    expect(await list.innerText()).toContain('1 of 2 checklist items completed');
    await screenshot(page, 'issues-list');
    await list.getByRole('link', { name: 'Sign-in page crashes on Safari' }).click();
    await page.waitForURL((url) => url.pathname === issuesUrl('/1'));
  });

  it('closes and reopens it with the close/reopen button', async () => {
    const { page } = setup;
    await header().getByRole('button', { name: 'Close issue' }).click();
    await header().getByText('Closed', { exact: true }).waitFor();
    await header().getByRole('button', { name: 'Reopen issue' }).waitFor();

    await page.goto(issuesUrl('?state=closed'));
    await page.getByRole('list', { name: 'Issues' }).getByText('Sign-in page crashes on Safari').waitFor();
    await page.goto(issuesUrl('/1'));
    await header().getByRole('button', { name: 'Reopen issue' }).click();
    await header().getByText('Open', { exact: true }).waitFor();
    await header().getByRole('button', { name: 'Close issue' }).waitFor();
  });

  it('edits the title in place, and the activity says so', async () => {
    const { page } = setup;
    await header().getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit issue' });
    await form.getByLabel('Title').fill('Sign-in page crashes on Safari 17');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Sign-in page crashes on Safari 17' }).waitFor();
    await page
      .getByText('changed title from Sign-in page crashes on Safari to Sign-in page crashes on Safari 17')
      .waitFor();
  });

  it('assigns a project member from the sidebar', async () => {
    const { t, page, owner, developer, project } = setup;
    await assignFromSidebar(page, 'Grace', 'Grace Hopper');
    const saved = await t.container.issues.show(owner, project.project.id, 1);
    expect(saved.record.assignees.map((a) => a.id)).toEqual([developer.id]);
  });

  it('locks the discussion and makes the issue confidential', async () => {
    const { page } = setup;
    await page.getByRole('button', { name: 'Lock discussion' }).click();
    await page.getByRole('button', { name: 'Unlock discussion' }).waitFor();
    await page
      .getByRole('region', { name: 'Confidentiality' })
      .getByRole('button', { name: 'Turn on' })
      .click();
    await header().getByText('Confidential').waitFor();
    await header().getByText('Locked').waitFor();
    await screenshot(page, 'issues-show');
  });

  it('shows an incident with its badge and timeline', async () => {
    const { t, page, owner, project } = setup;
    const { record } = await t.container.issues.create(owner, project.project.id, {
      title: 'Checkout returns 500',
      description: 'Error rate above 5% since 14:02 UTC.',
      issue_type: 'incident',
    });
    await page.goto(issuesUrl(`/${record.issue.iid}`));
    await header().getByText('Incident', { exact: true }).first().waitFor();
    await page
      .getByRole('region', { name: 'Timeline' })
      .getByText('No timeline items have been added yet.')
      .waitFor();
    await header().getByRole('button', { name: 'Close incident' }).waitFor();

    const comments = await t.container.db
      .insert(notes)
      .values(
        [
          ['b', 'Rolled back **deploy 4812**; error rate back to normal.', false],
          ['c', 'The on-call key was rotated.', true],
        ].map(([id, note, internal]) => ({
          projectId: project.project.id,
          noteableType: 'Issue' as const,
          noteableId: record.issue.id,
          discussionId: String(id).repeat(40),
          note: String(note),
          internal: Boolean(internal),
          authorId: owner.id,
        })),
      )
      .returning();
    for (const comment of comments) {
      const promoted = await t.container.timelineEvents.promoteFromNote(owner, comment);
      expect(promoted.errors).toEqual([]);
    }
    await page.reload();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.locator('strong', { hasText: 'deploy 4812' }).waitFor();
    const internalEvent = timeline.getByRole('listitem').filter({ hasText: 'The on-call key was rotated.' });
    await internalEvent.getByText('Internal note').waitFor();
    expect(await timeline.getByText('Internal note').count()).toBe(1);
    await screenshot(page, 'issues-incident');
  });

  it('folds a long assignee list after 10 with "N more" and "show less"', async () => {
    const { t, page, owner, project } = setup;
    const { record } = await t.container.issues.create(owner, project.project.id, { title: 'Team effort' });
    const team = [];
    for (let i = 0; i < 12; i++) team.push(await buildUser(t.container, { name: `Helper ${i}` }));
    await t.container.issues.setAssignees(
      owner,
      project.project.id,
      record.issue.iid,
      team.map((u) => u.id),
    );
    await page.goto(issuesUrl(`/${record.issue.iid}`));
    const assigned = page.getByRole('list', { name: 'Assigned' }).getByRole('listitem');
    await page.getByRole('button', { name: '2 more' }).waitFor();
    expect(await assigned.count()).toBe(10);
    await page.getByRole('button', { name: '2 more' }).click();
    await page.getByRole('button', { name: 'show less' }).waitFor();
    expect(await assigned.count()).toBe(12);
  });
});
