import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, signedInPage } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { buildMergeRequest } from '../support/merge-request-factories';

describe('requesting changes in a review', () => {
  const setup = signedInProject({ visibility: 'private', developer: true });
  const activity = (page: Page) => page.getByRole('region', { name: 'Activity' });

  it('blocks the author’s merge once a reviewer submits a review with Request changes', async () => {
    const { t, page, owner, developer, project, browser, baseUrl } = setup;
    const view = await buildMergeRequest(t.container, owner, project, { title: 'Add the cart' });
    const { iid } = view.mergeRequest;
    await t.container.mergeRequestReviewers.replace(owner, project.project.id, iid, [developer.id]);
    const mrUrl = `/${project.fullPath}/-/merge_requests/${iid}`;

    // Grace reviews: a pending comment, then "Submit review" with a summary and Request changes.
    const gracePage = await signedInPage(browser, baseUrl, developer);
    await gracePage.goto(mrUrl);
    const commentForm = gracePage.getByRole('form', { name: 'Add a comment' });
    await commentForm.locator('textarea').first().fill('The cart forgets its items on reload.');
    await commentForm.getByRole('button', { name: 'Start a review' }).click();
    const review = activity(gracePage).getByRole('region', { name: 'Your review' });
    await review.getByText('1 pending comment').waitFor();
    await review.getByRole('button', { name: 'Submit review', expanded: false }).click();
    const form = review.getByRole('dialog', { name: 'Submit your review' });
    await form.getByLabel('Summary comment (optional)').fill('Please keep the cart in storage.');
    await form.getByRole('radio', { name: 'Request changes' }).check();
    await screenshot(gracePage, 'request-changes-submit-form');
    await form.getByRole('button', { name: 'Submit review' }).click();
    await review.waitFor({ state: 'detached' });
    await activity(gracePage).locator('li.system-note', { hasText: 'requested changes' }).waitFor();
    await gracePage
      .getByRole('region', { name: 'Reviewers' })
      .getByRole('img', { name: 'Reviewer requested changes' })
      .waitFor();
    await screenshot(gracePage, 'request-changes-submitted');
    await gracePage.close();

    // Ada, the author, sees the blocker in her widget.
    await page.goto(mrUrl);
    const widget = page.getByRole('region', { name: 'Merge' });
    await widget.getByText('Change requests must be approved by the requesting user.').waitFor();
    await screenshot(page, 'request-changes-author-widget');
    const shown = await t.app.inject({
      url: `/api/v4/projects/${project.project.id}/merge_requests/${iid}`,
      headers: owner.headers,
    });
    expect(shown.json()).toMatchObject({ detailed_merge_status: 'requested_changes' });
  });
});
