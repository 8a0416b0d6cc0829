import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Issue } from '../../src/shared/api/issues';
import type { MergeRequest } from '../../src/shared/api/mergeRequests';
import { newContext, screenshot, signedInPage } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { buildUser } from '../support/factories';
import { buildMergeRequest } from '../support/merge-request-factories';

describe('the award bar and the discussion lock of a merge request and an issue', () => {
  const setup = signedInProject({ visibility: 'public', developer: true });
  let mrUrl: string;
  let mrApi: string;
  let issueUrl: string;
  let issueApi: string;

  beforeAll(async () => {
    const { t, owner, project } = setup;
    const { mergeRequest } = await buildMergeRequest(t.container, owner, project, { title: 'Add a cart' });
    mrUrl = `/${project.fullPath}/-/merge_requests/${mergeRequest.iid}`;
    mrApi = `/api/v4/projects/${project.project.id}/merge_requests/${mergeRequest.iid}`;
    const { record } = await t.container.issues.create(owner, project.project.id, { title: 'Cart is slow' });
    issueUrl = `/${project.fullPath}/-/issues/${record.issue.iid}`;
    issueApi = `/api/v4/projects/${project.project.id}/issues/${record.issue.iid}`;
  });

  const bar = (page: Page) => page.locator('.noteable-awards').getByRole('group', { name: 'Reactions' });
  const award = (page: Page, name: string) => bar(page).getByRole('button', { name });
  const votes = async (url: string) =>
    (await setup.t.app.inject({ method: 'GET', url })).json<
      Pick<MergeRequest | Issue, 'upvotes' | 'downvotes'>
    >();

  it('shows thumbs up and down on the merge request, counted as its votes, and toggles them', async () => {
    const { page, t, developer } = setup;
    await page.goto(mrUrl);
    await award(page, 'thumbsup').waitFor();
    expect(await award(page, 'thumbsup').innerText()).toContain('0');
    expect(await award(page, 'thumbsdown').innerText()).toContain('0');

    await award(page, 'thumbsup').click();
    await bar(page).getByRole('button', { name: 'thumbsup', pressed: true }).waitFor();
    await t.app.inject({
      method: 'POST',
      url: `${mrApi}/award_emoji`,
      headers: developer.headers,
      payload: { name: 'thumbsdown' },
    });
    await page.reload();
    await bar(page).getByRole('button', { name: 'thumbsup', pressed: true }).waitFor();
    const { upvotes, downvotes } = await votes(mrApi);
    expect([upvotes, downvotes]).toEqual([1, 1]);
    expect(await award(page, 'thumbsup').innerText()).toContain(String(upvotes));
    expect(await award(page, 'thumbsdown').innerText()).toContain(String(downvotes));

    await award(page, 'thumbsdown').hover();
    await page.getByText('Grace Hopper reacted with :thumbsdown:').waitFor();
    await bar(page).getByRole('button', { name: 'Add reaction' }).click();
    await page.getByRole('textbox', { name: 'Search emoji' }).fill('party popper');
    await page.getByRole('dialog', { name: 'Emoji picker' }).getByRole('button', { name: 'tada' }).click();
    await bar(page).getByRole('button', { name: 'tada', pressed: true }).waitFor();
    await screenshot(page, 'noteable-awards-merge-request');

    await award(page, 'thumbsup').click();
    await bar(page).getByRole('button', { name: 'thumbsup', pressed: false }).waitFor();
    expect((await votes(mrApi)).upvotes).toBe(0);
  });

  it('shows the bar disabled to signed-out visitors, still naming who reacted', async () => {
    const visitor = await (await newContext(setup.browser, setup.baseUrl)).newPage();
    await visitor.goto(mrUrl);
    await award(visitor, 'thumbsdown').waitFor();
    expect(await award(visitor, 'thumbsdown').isDisabled()).toBe(true);
    await award(visitor, 'thumbsdown').hover();
    await visitor.getByText('Grace Hopper reacted with :thumbsdown:').waitFor();
    expect(await bar(visitor).getByRole('button', { name: 'Add reaction' }).count()).toBe(0);
    await visitor.context().close();
  });

  it('locks the merge request’s discussion from its sidebar, with the system note, and non-members see why', async () => {
    const { page, t } = setup;
    await page.goto(mrUrl);
    const lock = page.getByRole('region', { name: 'Lock discussion' });
    await lock.getByText('Unlocked').waitFor();
    await lock.getByRole('button', { name: 'Lock discussion' }).click();
    await lock.getByText('Locked: only project members can comment.').waitFor();
    await page.getByText('locked the discussion in this merge request').waitFor();
    await screenshot(page, 'merge-request-locked');
    expect((await votes(mrApi)) as unknown as MergeRequest).toMatchObject({ discussion_locked: true });

    const outsider = await signedInPage(
      setup.browser,
      setup.baseUrl,
      await buildUser(t.container, { name: 'Eve Outsider' }),
    );
    await outsider.goto(mrUrl);
    await outsider
      .getByText('The discussion in this merge request is locked. Only project members can comment.')
      .waitFor();
    await outsider.context().close();

    await lock.getByRole('button', { name: 'Unlock discussion' }).click();
    await lock.getByText('Unlocked').waitFor();
    await page.getByText('unlocked the discussion in this merge request').waitFor();
  });

  it('shows the award bar on the issue page too', async () => {
    const { page } = setup;
    await page.goto(issueUrl);
    await award(page, 'thumbsup').click();
    await bar(page).getByRole('button', { name: 'thumbsup', pressed: true }).waitFor();
    expect(await award(page, 'thumbsup').innerText()).toContain('1');
    expect((await votes(issueApi)).upvotes).toBe(1);
    await screenshot(page, 'noteable-awards-issue');
  });
});
