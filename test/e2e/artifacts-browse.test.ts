import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { commitCiConfig, instanceRunnerToken } from '../support/ci';
import { fakeRunner } from '../support/fake-runner';

describe('the job artifacts browser', () => {
  const s = signedInProject({ visibility: 'private' });
  let withArchive: number;
  let without: number;

  beforeAll(async () => {
    const runner = fakeRunner(s.t.app, await instanceRunnerToken(s.t.container));
    await commitCiConfig(
      s.t.app,
      s.owner,
      s.project.project.id,
      'build:\n  script: [make]\nlint:\n  script: [lint]\n',
    );
    const build = await runner.take();
    await runner.uploadArtifacts(build, {
      'dist/app.js': 'console.log("built");\n',
      'dist/css/site.css': 'body { margin: 0 }\n',
      'coverage/': '',
      'report.txt': 'x'.repeat(3000),
    });
    await runner.finish(build, 'success');
    withArchive = build.id;
    without = (await runner.run('success')).id;
  });

  it('is opened from the job page, walks folders and downloads a single file', async () => {
    const { page, project } = s;
    await page.goto(`/${project.fullPath}/-/jobs/${withArchive}`);
    await page.getByRole('link', { name: 'Browse' }).click();
    await page.waitForURL(
      (url) => url.pathname === `/${project.fullPath}/-/jobs/${withArchive}/artifacts/browse`,
    );
    await page.getByRole('heading', { name: 'Artifacts' }).waitFor();
    const table = page.getByRole('table');
    await table.getByRole('link', { name: 'report.txt' }).waitFor();
    expect(await table.getByRole('row', { name: /report\.txt/ }).textContent()).toContain('2.93 KiB');
    expect(await table.getByRole('link', { name: 'coverage' }).count()).toBe(1);
    await screenshot(page, 'artifacts-browse-root');

    await table.getByRole('link', { name: 'dist' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/artifacts/browse/dist'));
    await table.getByRole('link', { name: 'css' }).waitFor();
    const download = page.waitForEvent('download');
    await table.getByRole('link', { name: 'app.js' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('app.js');

    await table.getByRole('link', { name: 'Up to the parent folder' }).click();
    await table.getByRole('link', { name: 'report.txt' }).waitFor();
    await page.goto(`/${project.fullPath}/-/jobs/${withArchive}/artifacts/browse/coverage`);
    await page.getByText('This folder is empty.').waitFor();
  });

  it('has no Browse button for a job without artifacts, and says so at its address', async () => {
    const { page, project } = s;
    await page.goto(`/${project.fullPath}/-/jobs/${without}`);
    await page.getByRole('heading', { name: 'lint' }).waitFor();
    expect(await page.getByRole('link', { name: 'Browse' }).count()).toBe(0);
    await page.goto(`/${project.fullPath}/-/jobs/${without}/artifacts/browse`);
    await page.getByText('This job has no artifacts archive, or it has expired.').waitFor();
    await screenshot(page, 'artifacts-browse-empty');
  });
});
