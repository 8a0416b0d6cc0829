import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { buildUser, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('abuse reports in the admin area', () => {
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;
  let admin: TestUser;
  let reporter: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await buildUser(t.container, { username: 'root', name: 'Administrator', admin: true });
    reporter = await buildUser(t.container, { username: 'rae', name: 'Rae Porter' });
    const spammer = await buildUser(t.container, { username: 'cheapwatches', name: 'Cheap Watches' });
    const phisher = await buildUser(t.container, { username: 'helpdesk-2fa', name: 'IT Helpdesk' });
    await t.container.abuseReports.report(reporter, {
      userId: spammer.id,
      category: 'spam',
      reportedFromUrl: 'http://localhost/acme/shop/-/merge_requests/4#note_17',
      message: 'Posts the same link under every merge request.',
    });
    await t.container.abuseReports.report(reporter, {
      userId: phisher.id,
      category: 'phishing',
      reportedFromUrl: 'javascript:alert(1)',
    });
    baseUrl = await t.listen();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function pageAs(user: TestUser): Promise<Page> {
    const page = await signedInPage(browser, baseUrl, user);
    await page.goto('/admin/abuse_reports');
    return page;
  }

  it('lists the reports for an administrator, newest first, with inert addresses', async () => {
    const page = await pageAs(admin);
    await page.getByRole('heading', { name: 'Abuse reports' }).waitFor();
    const rows = page.locator('.admin-table tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => rows.nth(0).innerText()).toContain('IT Helpdesk');
    expect(await rows.nth(0).innerText()).toContain('Phishing');
    expect(await rows.nth(1).innerText()).toContain('Posts the same link under every merge request.');
    expect(
      await rows
        .nth(1)
        .getByRole('link', { name: /merge_requests\/4/ })
        .getAttribute('href'),
    ).toBe('http://localhost/acme/shop/-/merge_requests/4#note_17');
    // A `javascript:` address stays text.
    expect(await rows.nth(0).getByRole('link', { name: 'javascript:alert(1)' }).count()).toBe(0);
    await screenshot(page, 'admin-abuse-reports');

    await page.getByRole('link', { name: 'Closed' }).click();
    await page.getByText('There are no abuse reports here.').waitFor();
  });

  it('tells anyone else the page is for administrators', async () => {
    const page = await pageAs(reporter);
    await page.getByText('Only administrators can see abuse reports.').waitFor();
    expect(await page.getByRole('navigation', { name: 'Admin area' }).count()).toBe(0);
    await page.goto('/admin/runners');
    await page.getByText("Only administrators can manage the instance's runners.").waitFor();
    expect(await page.getByRole('navigation', { name: 'Admin area' }).count()).toBe(0);
  });

  it('links the admin area’s pages for an administrator: abuse reports and runners', async () => {
    const page = await pageAs(admin);
    const nav = page.getByRole('navigation', { name: 'Admin area' });
    await nav.getByRole('link', { name: 'Abuse reports' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Abuse reports' }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('link', { name: 'Runners' }).click();
    await page.waitForURL(`${baseUrl}/admin/runners`);
    await page.getByRole('heading', { name: 'How jobs are isolated' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Runners' }).getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'admin-nav-runners');
  });
});
