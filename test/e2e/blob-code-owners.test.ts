import { describe, expect, it } from 'vitest';
import { commitFiles } from '../../src/server/git/commits';
import { screenshot } from '../support/browser';
import { signedInProject } from '../support/browser-setup';

const author = { name: 'Ada Lovelace', email: 'ada@example.com', date: new Date('2024-05-02T09:00:00Z') };

/** A file's page says who owns it, from the CODEOWNERS of the ref it shows. */
describe('code owners on the file page in the browser', () => {
  const s = signedInProject({ visibility: 'private', developer: true });

  it('shows "Code owners" per section, follows the ref, and shows nothing where no line owns the file', async () => {
    const { project, owner, developer, page } = s;
    await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Add the cart and its owners',
      author,
      changes: [
        {
          action: 'create',
          path: 'CODEOWNERS',
          content: `*.ts @${owner.username}\n\n[Frontend]\n/app/ @${developer.username} @${owner.username}\n`,
        },
        { action: 'create', path: 'app/cart.ts', content: 'export const cart = [];\n' },
        { action: 'create', path: 'notes.txt', content: 'no owner\n' },
      ],
    });
    await commitFiles(project.gitDir, {
      branch: 'other-owners',
      startBranch: 'main',
      message: 'Hand the cart over',
      author,
      changes: [{ action: 'update', path: 'CODEOWNERS', content: `/app/ @${developer.username}\n` }],
    });

    await page.goto(`/${project.fullPath}/-/blob/main/app/cart.ts`);
    const owners = page.getByRole('definition').first();
    const list = page.locator('dl[aria-label="Code owners"]');
    await list.waitFor();
    expect(await list.locator('dt').allInnerTexts()).toEqual(['Code owners:', 'Code owners (Frontend):']);
    expect(await list.locator('dd').allInnerTexts()).toEqual([
      `@${owner.username}`,
      `@${developer.username}, @${owner.username}`,
    ]);
    expect(await owners.getByRole('link', { name: `@${owner.username}` }).getAttribute('href')).toBe(
      `/${owner.username}`,
    );
    await page.getByRole('table', { name: 'File contents' }).waitFor();
    await screenshot(page, 'blob-code-owners');

    // Another branch: its own CODEOWNERS.
    await page.goto(`/${project.fullPath}/-/blob/other-owners/app/cart.ts`);
    await list.waitFor();
    expect(await list.locator('dd').allInnerTexts()).toEqual([`@${developer.username}`]);

    // No line owns the file: nothing is shown.
    await page.goto(`/${project.fullPath}/-/blob/main/notes.txt`);
    await page.getByRole('table', { name: 'File contents' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await list.count()).toBe(0);
  });
});
