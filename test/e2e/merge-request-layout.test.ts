import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { boxOf, openAt, signedInAndAnonymous, type Viewer } from '../support/layout';
import { pushFile } from '../support/merge-request-factories';

const LONG_BRANCH = 'feature/keep-the-shopping-cart-across-sessions-and-devices-for-signed-in-customers';
const LONG_TITLE =
  'Keep the shopping cart across sessions and devices for signed-in customers, and merge a guest cart into it on sign-in';
/** A link without hyphens to break at, wider than the description at 1280 px. */
const LONG_LINK =
  'https://docs.example.com/design/documents/of/the/shopping/cart/persistence/across/sessions/and/devices/for/signed/in/customers?version=2&section=guestcarts';

/** A branch name and a title word without a hyphen or space to break at. */
const UNBROKEN_BRANCH = 'feature/persistcartacrosssessionsanddevicesforsignedincustomersandguestcarts';
const UNBROKEN_TITLE = 'Rename GuestCartMergeOnSignInAcrossSessionsAndDevicesController to CartMerger';

const widgetLoaded = (page: Page) => page.locator('section[aria-label="Merge"]:not([aria-busy])').waitFor();

describe('the merge request Overview, as a reviewer sees it', () => {
  // Ada owns the public project, Grace develops in it; anonymous visitors read it too.
  const setup = signedInProject({ visibility: 'public', developer: true });
  const viewers = signedInAndAnonymous({ who: 'a Developer', name: 'developer' }, () => ({
    ...setup,
    user: setup.developer,
  }));

  const mrApi = (iid: number, suffix = '') =>
    `/api/v4/projects/${setup.project.project.id}/merge_requests/${iid}${suffix}`;
  async function call(method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) {
    const response = await setup.t.app.inject({ method, url, payload, headers: setup.owner.headers });
    expect(response.statusCode).toBeLessThan(300);
    return response.json<{ id: string }>();
  }
  const startThread = async (iid: number, body: string) =>
    (await call('POST', mrApi(iid, '/discussions'), { body })).id;

  /** A request with a description, assignees and three threads (one answered, one resolved). */
  async function reviewedRequest(iid: number, sourceBranch: string, title: string) {
    const { t, owner, project } = setup;
    await pushFile(project, sourceBranch, {
      path: `src/cart/${iid}.ts`,
      content: 'export const persist = true;\n',
    });
    await t.container.mergeRequests.create(owner, project.project.id, {
      source_branch: sourceBranch,
      title,
      description: [
        'Carts now live on the server, so a customer who signs in elsewhere finds the same cart.',
        '',
        '- stores the cart per customer',
        `- merges a guest cart on sign-in (design: ${LONG_LINK})`,
        '',
        '```ts',
        'export async function mergeGuestCart(customer: Customer, guest: Cart): Promise<Cart> { return customer.cart.merge(guest); }',
        '```',
      ].join('\n'),
    });
    await call('PUT', mrApi(iid), { assignee_ids: [owner.id, setup.developer.id] });
    const question = await startThread(
      iid,
      'What happens to a guest cart that holds an item already in the customer’s cart?',
    );
    await call('POST', mrApi(iid, `/discussions/${question}/notes`), {
      body: 'Quantities add up, capped at the stock.',
    });
    const naming = await startThread(iid, 'Nit: `persist` could be named after what it persists.');
    await call('PUT', mrApi(iid, `/discussions/${naming}`), { resolved: true });
    await startThread(iid, 'Please add a test for two devices signing in at once.');
  }

  beforeAll(async () => {
    // Auto-merge runs as a job, as it does in the server.
    setup.t.container.jobs.start((error) => console.error(error));
    await reviewedRequest(1, LONG_BRANCH, LONG_TITLE);
    await pushFile(setup.project, UNBROKEN_BRANCH, { path: 'src/cart/merger.ts', content: 'export {};\n' });
    await setup.t.container.mergeRequests.create(setup.owner, setup.project.project.id, {
      source_branch: UNBROKEN_BRANCH,
      title: UNBROKEN_TITLE,
    });
  });

  afterAll(async () => {
    await setup.t?.container.jobs.stop();
  });

  /** Opens !1's Overview at a width, takes its screenshot and checks nothing reaches past the viewport. */
  const overview = (viewer: Viewer, width: number) =>
    openAt(viewer, width, `/${setup.project.fullPath}/-/merge_requests/1`, {
      loaded: async (page) => {
        await widgetLoaded(page);
        await page.getByText('Please add a test for two devices signing in at once.').waitFor();
      },
      name: 'merge-request-overview',
    });

  for (const viewer of viewers) {
    it(`shows ${viewer.who} a long title, branch and link within the page at 1280 px`, async () => {
      const page = await overview(viewer, 1280);
      const main = await boxOf(page, '.mr-overview__main');
      const link = await boxOf(page, `.mr-description a[href="${LONG_LINK}"]`);
      expect(link.right).toBeLessThanOrEqual(main.right);
      // Two columns: the sidebar beside the description, level with it.
      const sidebar = await boxOf(page, '.mr-sidebar');
      expect(sidebar.left).toBeGreaterThan(main.right);
      expect(sidebar.top).toBe(main.top);
    });

    it(`shows ${viewer.who} the request in one column at 800 px, the sidebar first and nothing cut off`, async () => {
      const page = await overview(viewer, 800);
      const header = await boxOf(page, '.mr-header');
      for (const selector of ['.mr-header__title', '.mr-branch', '.mr-description']) {
        expect((await boxOf(page, selector)).right).toBeLessThanOrEqual(header.right);
      }
      // The title keeps a readable width: the buttons move under it rather than squeeze it.
      expect((await boxOf(page, '.mr-header__title')).width).toBeGreaterThanOrEqual(
        Math.min(384, header.width),
      );
      expect((await boxOf(page, '.mr-sidebar')).top).toBeLessThan((await boxOf(page, '.mr-description')).top);
    });

    it(`lists long titles and branch names to ${viewer.who} within the page at 800 px`, async () => {
      const page = await openAt(viewer, 800, `/${setup.project.fullPath}/-/merge_requests`, {
        loaded: (opened) =>
          opened
            .getByRole('list', { name: 'Merge requests' })
            .getByRole('link', { name: UNBROKEN_TITLE })
            .waitFor(),
        name: 'merge-request-list',
      });
      const list = page.getByRole('list', { name: 'Merge requests' });
      const box = await boxOf(page, '.mr-list');
      for (const row of await list.getByRole('listitem').all()) {
        for (const part of await row.locator('.mr-list__title, .mr-branch, .mr-list__side').all()) {
          const right = await part.evaluate((element) => element.getBoundingClientRect().right);
          expect(right).toBeLessThanOrEqual(box.right);
        }
      }
    });
  }

  it('keeps the sidebar in place when an auto-merge fires', async () => {
    const { page } = setup;
    await reviewedRequest(3, 'feature/cart-merge', 'Draft: Merge a guest cart on sign-in');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/${setup.project.fullPath}/-/merge_requests/3`);
    const widget = page.getByRole('region', { name: 'Merge' });
    await widget.getByRole('button', { name: 'Set to auto-merge' }).click();
    await widget.getByRole('button', { name: 'Cancel auto-merge' }).waitFor();
    // Threads off screen are laid out once scrolled past (`content-visibility: auto`): read through
    // them first, so the page's height is their own, not their placeholders'.
    const scrollTo = (y: 'top' | 'bottom') =>
      page.evaluate(
        (end) => window.scrollTo(0, end === 'top' ? 0 : document.documentElement.scrollHeight),
        y,
      );
    await scrollTo('bottom');
    await page.getByText('Please add a test for two devices signing in at once.').waitFor();
    await scrollTo('top');
    const layout = async () => ({
      tabs: (await boxOf(page, 'nav[aria-label="Merge request tabs"]')).top,
      main: (await boxOf(page, '.mr-overview__main')).top,
      sidebar: (await boxOf(page, '.mr-sidebar')).top,
    });
    const before = await layout();
    expect(before.sidebar).toBe(before.main);
    await screenshot(page, 'merge-request-sidebar-before-merge');

    // The reviewer reads the activity, scrolled down, when the request merges by itself.
    await scrollTo('bottom');
    const pinned = () =>
      page.locator('.mr-sidebar').evaluate((element) => element.getBoundingClientRect().top);
    const pinnedBefore = await pinned();
    await call('PUT', mrApi(3), { draft: false });
    await widget.getByText('Merged by Ada Lovelace').waitFor();
    await page.locator('.mr-header').getByText('Merged', { exact: true }).waitFor();
    // The sidebar is sticky: it stays where it was in the viewport, beside the activity.
    expect(await pinned()).toBe(pinnedBefore);
    await screenshot(page, 'merge-request-sidebar-after-merge-scrolled', { fullPage: false });

    await scrollTo('top');
    // Nothing above the columns moved (the header's buttons went away), nor the sidebar in its column.
    expect(await layout()).toEqual(before);
    await screenshot(page, 'merge-request-sidebar-after-merge');
  });
});
