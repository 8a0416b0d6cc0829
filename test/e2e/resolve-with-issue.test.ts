import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signedInPage } from '../support/browser';
import { mergeRequestWithThread, signedInProject } from '../support/browser-setup';
import { buildUser } from '../support/factories';

describe('resolving a thread with a new issue', () => {
  const setup = signedInProject({ visibility: 'public', developer: true });
  let mrUrl: string;
  let gracePage: Page;

  beforeAll(async () => {
    ({ mrUrl, developerPage: gracePage } = await mergeRequestWithThread(
      setup,
      'The cart should hold **20** items.\nPlease add a limit.',
    ));
  });

  const thread = (page: Page) => page.locator('li.discussion', { hasText: 'Please add a limit.' });
  const newIssueLink = (page: Page) =>
    thread(page).getByRole('link', { name: 'Create issue to resolve thread' });

  async function openActivity(page: Page) {
    await page.goto(mrUrl);
    await thread(page).waitFor();
  }

  it('is offered on an unresolved thread to a developer, not to a signed-in non-member', async () => {
    await openActivity(gracePage);
    await newIssueLink(gracePage).hover();
    await gracePage.locator('.thread-tooltip').getByText('Create issue to resolve thread').waitFor();
    await screenshot(gracePage, 'resolve-with-issue-thread');

    const { t, browser, baseUrl } = setup;
    const eve = await buildUser(t.container, { name: 'Eve Outsider' });
    const evePage = await signedInPage(browser, baseUrl, eve);
    await openActivity(evePage);
    expect(await newIssueLink(evePage).count()).toBe(0);
    await evePage.context().close();
  });

  it('opens the new-issue form filled from the thread, and creating the issue resolves it', async () => {
    await newIssueLink(gracePage).click();
    await gracePage.waitForURL((url) => url.pathname.endsWith('/-/issues/new'));
    const form = gracePage.getByRole('form', { name: 'New issue' });
    await form.getByText('Creating this issue will resolve the thread in !1').waitFor();
    expect(await form.getByLabel('Title').inputValue()).toBe('Follow-up from "Add a cart"');
    const description = await form.getByLabel('Description').inputValue();
    expect(description).toContain('The following discussion from !1 should be addressed:');
    expect(description).toContain(`- [ ] @${setup.owner.username} started a [discussion](`);
    expect(description).toContain('    > The cart should hold **20** items.\n    > Please add a limit.');
    await screenshot(gracePage, 'resolve-with-issue-form');

    await form.getByRole('button', { name: 'Create issue' }).click();
    await gracePage.getByRole('heading', { name: 'Follow-up from "Add a cart"' }).waitFor();

    await openActivity(gracePage);
    await thread(gracePage).getByText('Resolved by Grace Hopper').waitFor();
    // A resolved thread starts with its replies collapsed.
    await thread(gracePage).getByRole('button', { name: 'expand replies' }).click();
    await thread(gracePage).getByText('created #1 to continue this discussion').waitFor();
    expect(await newIssueLink(gracePage).count()).toBe(0);
    await screenshot(gracePage, 'resolve-with-issue-resolved');
  });
});
