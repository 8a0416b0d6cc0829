import type { Locator, Page } from 'playwright-core';

/** Adds Grace Hopper (the project's developer) as an approver in the open approval rule form. */
export async function addGraceAsApprover(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Add approvers' }).click();
  await page.getByRole('textbox', { name: 'Search users or groups' }).fill('Grace');
  await page.getByRole('menuitemcheckbox', { name: /Grace Hopper/ }).click();
  await dialog.getByRole('list', { name: 'Approvers' }).getByText('Grace Hopper', { exact: true }).waitFor();
}
