import { describe, expect, it } from 'vitest';
import { screenshot, signedInPage } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { buildUser } from '../support/factories';
import { buildMergeRequest, pushFile } from '../support/merge-request-factories';

describe('reviewers in the browser', () => {
  const setup = signedInProject({ visibility: 'private', developer: true });
  const reviewers = () => setup.page.getByRole('region', { name: 'Reviewers' });
  const requested = () => reviewers().getByRole('list', { name: 'Reviewers requested' });

  it('requests a review from the sidebar with the keyboard, with the system note', async () => {
    const { t, page, owner, developer, project } = setup;
    const view = await buildMergeRequest(t.container, owner, project, { title: 'Add the cart' });
    await page.goto(`/${project.fullPath}/-/merge_requests/${view.mergeRequest.iid}`);
    await reviewers().getByText('None').waitFor();
    await reviewers().getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Search users' }).fill('Grace');
    const items = page.getByRole('menuitemcheckbox');
    await expect.poll(() => items.count()).toBe(1);
    // From the search box down to the person, picked with Enter, then the menu closed with Escape.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => items.first().evaluate((item) => item === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await requested().getByText('Grace Hopper').waitFor();
    await page.keyboard.press('Escape');
    await requested().getByRole('img', { name: 'Awaiting review' }).waitFor();
    await page.getByText(`requested review from @${developer.username}`).waitFor();
    await screenshot(page, 'reviewers-sidebar-requested');
    const shown = await t.container.mergeRequests.show(owner, project.project.id, view.mergeRequest.iid);
    expect(shown.reviewers.map((user) => user.id)).toEqual([developer.id]);
  });

  it('shows each reviewer’s state and asks again with "Re-request review"', async () => {
    const { t, page, owner, developer, project } = setup;
    const view = await buildMergeRequest(t.container, owner, project, { title: 'Add the till' });
    const { id, iid } = view.mergeRequest;
    await t.container.mergeRequestReviewers.replace(owner, project.project.id, iid, [owner.id, developer.id]);
    await t.container.mergeRequestReviewers.setReviewerState(id, owner.id, 'approved');
    await t.container.mergeRequestReviewers.setReviewerState(id, developer.id, 'requested_changes');
    await page.goto(`/${project.fullPath}/-/merge_requests/${iid}`);
    await requested().getByRole('img', { name: 'Reviewer approved changes' }).waitFor();
    await requested().getByRole('img', { name: 'Reviewer requested changes' }).waitFor();
    await screenshot(reviewers(), 'reviewers-sidebar-states');
    await requested().getByRole('button', { name: 'Re-request review from Grace Hopper' }).click();
    await requested().getByRole('img', { name: 'Awaiting review' }).waitFor();
    await page.getByText(`requested review from @${developer.username}`).last().waitFor();
    expect(
      await requested()
        .getByRole('button', { name: /Re-request review from Grace/ })
        .count(),
    ).toBe(0);
    await screenshot(page, 'reviewers-sidebar-rerequested');
  });

  it('lists the review requests for you on the dashboard, with reviewer avatars, and an empty state', async () => {
    const { t, owner, developer, project, browser, baseUrl } = setup;
    const view = await buildMergeRequest(t.container, owner, project, { title: 'Add the basket' });
    await t.container.mergeRequestReviewers.replace(owner, project.project.id, view.mergeRequest.iid, [
      developer.id,
    ]);
    const developerPage = await signedInPage(browser, baseUrl, developer);
    await developerPage.goto('/dashboard/merge_requests');
    await developerPage.getByRole('heading', { name: 'No merge requests assigned to you' }).waitFor();
    await developerPage.getByRole('link', { name: /Review requests for you/ }).click();
    const list = developerPage.getByRole('list', { name: 'Review requests for you' });
    await list.getByRole('link', { name: 'Add the basket' }).waitFor();
    await list.getByRole('img', { name: 'Review requested from Grace Hopper' }).first().waitFor();
    expect(new URL(developerPage.url()).searchParams.get('reviewer_username')).toBe(developer.username);
    await screenshot(developerPage, 'reviewers-dashboard-review-requests');
    await developerPage.close();

    // Someone nobody asked for a review.
    const newcomer = await buildUser(t.container, { name: 'Ken Thompson' });
    const newcomerPage = await signedInPage(browser, baseUrl, newcomer);
    await newcomerPage.goto(`/dashboard/merge_requests?reviewer_username=${newcomer.username}`);
    await newcomerPage.getByRole('heading', { name: 'No review requests for you' }).waitFor();
    await screenshot(newcomerPage, 'reviewers-dashboard-empty');
    await newcomerPage.close();
  });

  it('picks reviewers in the new merge request form', async () => {
    const { t, page, owner, developer, project } = setup;
    await pushFile(project, 'feature/form', { path: 'form.txt', content: 'form\n' });
    await page.goto(`/${project.fullPath}/-/merge_requests/new?merge_request[source_branch]=feature/form`);
    await page.getByRole('button', { name: 'Select reviewers' }).click();
    await page.getByRole('textbox', { name: 'Search users' }).fill('Grace');
    const items = page.getByRole('menuitemcheckbox');
    await expect.poll(() => items.count()).toBe(1);
    await items.first().click();
    await page.keyboard.press('Escape');
    await page.getByRole('list', { name: 'Reviewers chosen' }).getByText('Grace Hopper').waitFor();
    await screenshot(page, 'reviewers-new-merge-request-form');
    await page.getByRole('textbox', { name: 'Title' }).fill('Form review');
    await page.getByRole('button', { name: 'Create merge request' }).click();
    await requested().getByText('Grace Hopper').waitFor();
    const listed = await t.app.inject({
      url: `/api/v4/projects/${project.project.id}/merge_requests?search=Form%20review`,
      headers: owner.headers,
    });
    expect(listed.json()).toMatchObject([{ title: 'Form review', reviewers: [{ id: developer.id }] }]);
  });
});
