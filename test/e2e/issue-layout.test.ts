import { beforeAll, describe, expect, it } from 'vitest';
import { signedInProject } from '../support/browser-setup';
import { boxOf, openAt, signedInAndAnonymous, type Viewer } from '../support/layout';

/** A title with a word that has no hyphen or space to break at. */
const LONG_TITLE =
  'Checkout fails with CartPersistenceGuestCartMergeConflictExceptionOnSignInFromSafari for signed-in customers';
/** A link without hyphens to break at, wider than the description at 1280 px. */
const LONG_LINK =
  'https://logs.example.com/search/of/the/checkout/service/errors/across/sessions/and/devices/for/signed/in/customers?range=24h&query=guestcartmerge';
const LONG_WORD =
  'GuestCartMergeConflictException:cart_4f1d2c9e0b7a_merge_failed_at_line_412_of_cart_merger_ts';

describe('the issue page and the lists, as readers see them', () => {
  // Ada owns the public project, Grace develops in it; anonymous visitors read it too.
  const setup = signedInProject({ visibility: 'public', developer: true });
  const viewers = signedInAndAnonymous({ who: 'a Developer', name: 'developer' }, () => ({
    ...setup,
    user: setup.developer,
  }));

  beforeAll(async () => {
    const { t, owner, project } = setup;
    const { record } = await t.container.issues.create(owner, project.project.id, {
      title: LONG_TITLE,
      description: [
        `Since this morning checkout fails for customers who signed in on a second device (logs: ${LONG_LINK}).`,
        '',
        `The error: ${LONG_WORD}`,
        '',
        '```ts',
        'export async function mergeGuestCart(customer: Customer, guest: Cart): Promise<Cart> { return customer.cart.merge(guest); }',
        '```',
      ].join('\n'),
    });
    await t.container.issues.setAssignees(owner, project.project.id, record.issue.iid, [
      owner.id,
      setup.developer.id,
    ]);
    for (const body of [
      'I can reproduce it with two browsers on the same account.',
      'It started with the release that merged guest carts on sign-in.',
      'Rolling back that release fixes it.',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v4/projects/${project.project.id}/issues/${record.issue.iid}/notes`,
        headers: owner.headers,
        payload: { body },
      });
      expect(response.statusCode).toBe(201);
    }
  });

  /** Opens #1 at a width, takes its screenshot and checks nothing reaches past the viewport. */
  const issue = (viewer: Viewer, width: number) =>
    openAt(viewer, width, `/${setup.project.fullPath}/-/issues/1`, {
      loaded: (page) => page.getByText('Rolling back that release fixes it.').waitFor(),
      name: 'issue',
    });

  for (const viewer of viewers) {
    it(`shows ${viewer.who} a long title, link and word within the page at 1280 px`, async () => {
      const page = await issue(viewer, 1280);
      const main = await boxOf(page, '.issue-page__main');
      for (const selector of ['.issue-header__title', `.issue-description a[href="${LONG_LINK}"]`]) {
        expect((await boxOf(page, selector)).right).toBeLessThanOrEqual(main.right);
      }
      // Two columns: the sidebar beside the title, level with it.
      const sidebar = await boxOf(page, '.issue-sidebar');
      expect(sidebar.left).toBeGreaterThan(main.right);
      expect(sidebar.top).toBe((await boxOf(page, '.issue-header')).top);
    });

    it(`shows ${viewer.who} the issue in one column at 800 px, the sidebar after the title and nothing cut off`, async () => {
      const page = await issue(viewer, 800);
      const header = await boxOf(page, '.issue-header');
      for (const selector of [
        '.issue-header__title',
        '.issue-description',
        `.issue-description a[href="${LONG_LINK}"]`,
        '.issue-description pre',
        '.issue-sidebar',
      ]) {
        expect((await boxOf(page, selector)).right).toBeLessThanOrEqual(header.right);
      }
      // The title keeps a readable width: the buttons move under it rather than squeeze it.
      expect((await boxOf(page, '.issue-header__title')).width).toBeGreaterThanOrEqual(
        Math.min(384, header.width),
      );
      // The sidebar's short facts come between the header and the description, not after the activity.
      const sidebar = await boxOf(page, '.issue-sidebar');
      expect(sidebar.top).toBeGreaterThan(header.top);
      expect(sidebar.top).toBeLessThan((await boxOf(page, '.issue-description')).top);
    });

    it(`lists a long title to ${viewer.who} within the page at 800 px`, async () => {
      const page = await openAt(viewer, 800, `/${setup.project.fullPath}/-/issues`, {
        loaded: (opened) =>
          opened.getByRole('list', { name: 'Issues' }).getByRole('link', { name: LONG_TITLE }).waitFor(),
        name: 'issue-list',
      });
      const list = await boxOf(page, '.issues-list');
      for (const selector of ['.issues-list__title', '.issues-list__side']) {
        expect((await boxOf(page, selector)).right).toBeLessThanOrEqual(list.right);
      }
    });
  }
});
