import { rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_REFUSALS } from '../../src/shared/diff/commentRefusal';
import { inWorkTree } from '../integration/git-helpers';
import { screenshot } from '../support/browser';
import { signedInProject } from '../support/browser-setup';

const ADD_COMMENT = 'Add a comment to this line or drag for multiple lines';

describe('files whose lines take no comments on the Changes tab', () => {
  const setup = signedInProject({ visibility: 'private' });
  let diffsUrl: string;

  beforeAll(async () => {
    const { t, owner, project } = setup;
    // A symbolic link needs a work tree.
    await inWorkTree(project.gitDir, ['main', 'feature'], async ({ dir, git, commitAll }) => {
      await writeFile(path.join(dir, 'app.txt'), 'one\ntwo\n');
      await writeFile(path.join(dir, 'old-name.txt'), 'moved, not changed\n');
      await symlink('README.md', path.join(dir, 'link'));
      await commitAll('Base files');
      await git(['checkout', '-b', 'feature']);
      await writeFile(path.join(dir, 'app.txt'), 'one\ntwo, changed\n');
      await git(['mv', 'old-name.txt', 'new-name.txt']);
      await rm(path.join(dir, 'link'));
      await writeFile(path.join(dir, 'link'), 'a file now\nwith two lines\n');
      await commitAll('Feature work');
    });
    const mr = await t.container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'feature',
      title: 'Feature work',
    });
    diffsUrl = `/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}/diffs`;
  });

  const file = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

  it('shows the comment button of a symbolic link swapped with a file disabled, with GitLab’s reason', async () => {
    const { page } = setup;
    await page.goto(diffsUrl);
    const link = file(page, 'link');
    await link.locator('.diff-line--new').first().waitFor();
    const refused = link.getByRole('button', { name: COMMENT_REFUSALS.symlink });
    expect(await refused.count()).toBeGreaterThan(0);
    expect(await refused.first().getAttribute('aria-disabled')).toBe('true');
    expect(await refused.first().getAttribute('title')).toBe(COMMENT_REFUSALS.symlink);
    expect(await link.getByRole('button', { name: ADD_COMMENT }).count()).toBe(0);

    await link.locator('.diff-line--new').first().hover();
    await refused.first().click({ force: true });
    expect(await link.getByRole('form', { name: 'New comment' }).count()).toBe(0);
    await screenshot(page, 'diff-notes-refused-symlink');

    // An ordinary file keeps its button.
    expect(await file(page, 'app.txt').getByRole('button', { name: ADD_COMMENT }).count()).toBeGreaterThan(0);
  });

  it('offers no comment on a file only moved, also once its contents are shown', async () => {
    const { page } = setup;
    const moved = file(page, 'new-name.txt');
    await moved.getByText('File renamed with no changes.').waitFor();
    await moved.getByRole('button', { name: 'Show file contents' }).click();
    await moved.getByText('moved, not changed').waitFor();
    expect(await moved.getByRole('button', { name: ADD_COMMENT }).count()).toBe(0);
  });
});
