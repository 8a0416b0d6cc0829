import { afterEach, beforeAll, describe, it } from 'vitest';
import { activity, noteWith, openActivity, threadWith } from '../support/activity';
import { screenshot } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { buildMergeRequest } from '../support/merge-request-factories';

/**
 * Spec 001 section 8: what the Activity section says when the server refuses or fails. Refusals
 * come from the real server (the project archived while the page is open); a server error, which
 * it cannot be made to give honestly, is the browser's request answered with a 500.
 */
describe('the Activity section’s error texts', () => {
  const setup = signedInProject({ visibility: 'public' });
  let mrUrl: string;

  beforeAll(async () => {
    const { t, owner, project } = setup;
    const { mergeRequest } = await buildMergeRequest(t.container, owner, project, { title: 'Add a cart' });
    mrUrl = `/${project.fullPath}/-/merge_requests/${mergeRequest.iid}`;
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: `${mrUrl}/notes`, headers: owner.headers, payload });
    const started = await post({ note: { note: 'Rename the cart module.', type: 'DiscussionNote' } });
    const discussionId = started.json<{ discussion: { id: string } }>().discussion.id;
    await post({ note: { note: 'Done in the next commit.' }, in_reply_to_discussion_id: discussionId });
  });
  afterEach(async (ctx) => {
    await setup.page.unrouteAll();
    if (ctx.task.result?.state === 'fail')
      await screenshot(setup.page, `debug-activity-errors-${ctx.task.id}`);
  });

  const addReaction = async (text: string, emoji: string) => {
    const { page } = setup;
    await noteWith(page, text).getByRole('button', { name: 'Add reaction' }).first().click();
    const picker = page.getByRole('dialog', { name: 'Emoji picker' });
    await picker.getByRole('textbox', { name: 'Search emoji' }).fill(emoji);
    await picker.getByRole('button', { name: emoji, exact: true }).first().click();
  };

  it('says the comments could not be fetched', async () => {
    const { page } = setup;
    await page.route(`**${mrUrl}/discussions.json**`, (route) =>
      route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }),
    );
    await page.goto(mrUrl);
    await activity(page)
      .getByText('Something went wrong while fetching comments. Please try again.', { exact: true })
      .waitFor();
  });

  it('says "Something went wrong on our end." when the server fails an award', async () => {
    const { page } = setup;
    await openActivity(page, mrUrl);
    await page.route('**/toggle_award_emoji', (route) =>
      route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }),
    );
    await addReaction('Rename the cart module.', 'tada');
    await noteWith(page, 'Rename the cart module.')
      .getByRole('alert')
      .getByText('Something went wrong on our end.', { exact: true })
      .waitFor();
  });

  it('says resolving, deleting and awarding failed when the project is archived while the page is open', async () => {
    const { page, t, owner, project } = setup;
    await openActivity(page, mrUrl);
    await t.container.projects.setArchived(owner, project.project.id, true);
    const thread = threadWith(page, 'Rename the cart module.');

    await thread.getByRole('button', { name: 'Resolve thread' }).first().click();
    await thread
      .getByText('Something went wrong while resolving this discussion. Please try again.', { exact: true })
      .waitFor();

    const reply = noteWith(page, 'Done in the next commit.');
    await reply.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete comment' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete comment' }).click();
    await reply
      .getByText('Something went wrong while deleting your note. Please try again.', { exact: true })
      .waitFor();

    await addReaction('Done in the next commit.', 'tada');
    await reply
      .getByText('Something went wrong while adding your award. Please try again.', { exact: true })
      .waitFor();
    await screenshot(page, 'activity-error-texts-archived');
    await t.container.projects.setArchived(owner, project.project.id, false);
  });
});
