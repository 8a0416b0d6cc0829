import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateNoteResponse } from '../../src/shared/api/notes';
import { screenshot } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { buildMergeRequest } from '../support/merge-request-factories';

describe('quick actions in the comment form', () => {
  const setup = signedInProject({ visibility: 'public' });
  let mrUrl: string;

  beforeAll(async () => {
    const { t, owner, project } = setup;
    const { mergeRequest } = await buildMergeRequest(t.container, owner, project, { title: 'Add a cart' });
    mrUrl = `/${project.fullPath}/-/merge_requests/${mergeRequest.iid}`;
  });

  const form = () => setup.page.getByRole('form', { name: 'Add a comment' });
  const activity = () => setup.page.getByRole('region', { name: 'Activity' });

  it('closes the merge request with /close, shows what the server did, and adds no comment', async () => {
    const { page } = setup;
    await page.goto(mrUrl);
    await form().locator('textarea').fill('/close');
    await form().getByRole('button', { name: 'Comment', exact: true }).click();
    await form().getByText('Closed this merge request.').waitFor();
    await page.locator('.mr-header, header').getByText('Closed', { exact: true }).first().waitFor();
    await activity().locator('.system-note', { hasText: 'closed' }).waitFor();
    expect(await activity().locator('li.note', { hasText: '/close' }).count()).toBe(0);
    expect(await form().locator('textarea').inputValue()).toBe('');
    // The form's close/reopen button follows the new state.
    await form().getByRole('button', { name: 'Reopen merge request' }).waitFor();
    await screenshot(page, 'quick-actions-close');
  });

  it('says "Commands applied" when the server names no message', async () => {
    const { page } = setup;
    // The answer as a server without messages gives it: the form falls back to the spec's words.
    await page.route(`**${mrUrl}/notes`, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const response = await route.fetch();
      const answer = (await response.json()) as CreateNoteResponse;
      const status = answer.quick_actions_status;
      await route.fulfill({
        response,
        json: { ...answer, quick_actions_status: status && { ...status, messages: null } },
      });
    });
    await form().locator('textarea').fill('/reopen');
    await form().getByRole('button', { name: 'Comment', exact: true }).click();
    await form().getByText('Commands applied', { exact: true }).waitFor();
    await activity().locator('.system-note', { hasText: 'reopened' }).waitFor();
    await form().getByRole('button', { name: 'Close merge request' }).waitFor();
    await page.unroute(`**${mrUrl}/notes`);
  });
});
