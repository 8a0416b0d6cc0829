import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, signIn } from '../support/browser';
import { buildUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const TOKENS_PAGE = '/-/user_settings/personal_access_tokens';

describe('accounts in the browser', () => {
  let t: TestApp;
  let baseUrl: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const newUser = {
    name: 'Nora Quinn',
    username: 'nora',
    email: 'nora@example.com',
    password: 'correct horse battery',
  };

  beforeAll(async () => {
    t = await createTestApp();
    await buildUser(t.container, { username: 'taken' });
    baseUrl = await t.listen();
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const userMenuButton = () => page.getByRole('button', { name: newUser.username });
  const apiStatus = async (token: string) =>
    (await page.request.get('/api/v4/user', { headers: { 'private-token': token } })).status();

  it('registers a new account, showing what the form and the server refuse', async () => {
    await page.goto('/users/sign_up');
    await page.getByLabel('Full name').fill(newUser.name);
    await page.getByLabel('Username').fill('taken');
    await page.getByLabel('Email').fill(newUser.email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect
      .poll(() => page.getByText('Password is too short (minimum is 8 characters).').isVisible())
      .toBe(true);

    await page.getByLabel('Password').fill(newUser.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Username has already been taken').waitFor();
    await screenshot(page, 'accounts-sign-up');

    await page.getByLabel('Username').fill(newUser.username);
    await page.getByRole('button', { name: 'Register' }).click();
    await userMenuButton().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('signs out from the user menu', async () => {
    await userMenuButton().click();
    for (const item of ['Edit profile', 'Access tokens'])
      expect(await page.getByRole('menuitem', { name: item }).isVisible()).toBe(true);
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/users/sign_in');
    await page.getByRole('banner').getByRole('link', { name: 'Register', exact: true }).waitFor();
    expect(await userMenuButton().count()).toBe(0);
    const cookies = await context.cookies();
    expect(cookies.filter((cookie) => cookie.name === '_review_session')).toEqual([]);
  });

  it('shows a wrong password in a Flash, then signs in with the right one', async () => {
    await page.goto('/users/sign_in');
    await page.getByLabel('Username or primary email').fill(newUser.email);
    await page.getByLabel('Password').fill('not my password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid login or password.').waitFor();
    await screenshot(page, 'accounts-sign-in');

    await signIn(page, newUser.username, newUser.password);
    await userMenuButton().waitFor();
  });

  it('sends a signed-out visitor to sign in and back to the page they asked for', async () => {
    await userMenuButton().click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/users/sign_in');

    await page.goto(TOKENS_PAGE);
    await page.waitForURL((url) => url.pathname === '/users/sign_in');
    expect(new URL(page.url()).searchParams.get('redirect_to')).toBe(TOKENS_PAGE);
    await page.getByLabel('Username or primary email').fill(newUser.username);
    await page.getByLabel('Password').fill(newUser.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === TOKENS_PAGE);
    await page.getByRole('heading', { name: 'Personal access tokens', exact: true }).waitFor();
  });

  it('creates a token that is shown once with a copy button, and revokes it after confirming', async () => {
    await page.getByText('This user has no active personal access tokens.').waitFor();
    await page.getByLabel('Token name').fill('laptop');
    await page.getByLabel('read_api', { exact: true }).check();
    await page.getByLabel('read_user', { exact: true }).check();
    await page.getByRole('button', { name: 'Create personal access token' }).click();

    const secretField = page.getByLabel('Your new personal access token');
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^glpat-/);
    await page.getByText("Make sure you save it - you won't be able to access it again.").waitFor();
    await page.getByRole('button', { name: 'Copy personal access token' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    const row = page.getByRole('row', { name: /laptop/ });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/read_api\s+read_user/);
    expect(await page.getByLabel('Token name').inputValue()).toBe('');
    await screenshot(page, 'accounts-personal-access-tokens');
    expect(await apiStatus(secret)).toBe(200);

    await page.reload();
    await row.waitFor();
    expect(await secretField.count()).toBe(0);
    expect(await page.content()).not.toContain(secret);

    await page.getByRole('button', { name: 'Revoke laptop' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke personal access token?' });
    await dialog.getByText('Are you sure you want to revoke the token “laptop”?').waitFor();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('This user has no active personal access tokens.').waitFor();
    expect(await apiStatus(secret)).toBe(401);
  });

  it('asks for a name and a scope before creating a token', async () => {
    await page.getByRole('button', { name: 'Create personal access token' }).click();
    await page.getByText('Token name is required.').waitFor();
    // The group repeats its message for screen readers in a 1px box; the one shown is full size.
    const boxes = await Promise.all(
      (await page.getByText('Select at least one scope.').all()).map((match) => match.boundingBox()),
    );
    expect(boxes.some((box) => (box?.height ?? 0) > 10)).toBe(true);
    expect(await page.getByText('This user has no active personal access tokens.').isVisible()).toBe(true);
  });
});
