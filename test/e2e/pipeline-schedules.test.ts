import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { pushFiles, waitUntil } from '../support/ci';
import { startCiBrowserSuite, type CiBrowserSuite } from '../support/ci-browser';

const CONFIG = ['nightly:', '  script: [echo "target is $NIGHTLY_TARGET"]'].join('\n');

type Schedule = {
  id: number;
  description: string;
  cron: string;
  cron_timezone: string;
  active: boolean;
  variables: Array<{ key: string; value: string }>;
};
type Trigger = { id: number; description: string };

describe('pipeline schedules and trigger tokens in the browser', () => {
  let suite: CiBrowserSuite;

  beforeAll(async () => {
    suite = await startCiBrowserSuite();
    await pushFiles(suite.baseUrl, suite.project.fullPath, suite.owner, { '.gitlab-ci.yml': CONFIG });
  });
  afterAll(() => suite?.stop());

  it('shows the empty state, then makes a schedule with a variable from the form', async () => {
    const { page, project } = suite;
    await page.goto(`/${project.fullPath}/-/pipelines`);
    await page.getByRole('link', { name: 'Schedules' }).click();
    await page.getByRole('heading', { name: 'Schedule pipelines' }).waitFor();
    await screenshot(page, 'pipeline-schedules-empty');
    await page.getByRole('link', { name: 'Create a new pipeline schedule' }).click();
    await page.getByRole('heading', { name: 'New pipeline schedule' }).waitFor();
    await page.getByLabel('Description').fill('Nightly build');
    await page.getByLabel('Cron', { exact: true }).fill('0 2 * * *');
    await page.getByLabel('Cron timezone').fill('Europe/Berlin');
    await page.getByRole('button', { name: 'Add variable' }).click();
    await page.getByLabel('Variable key 1').fill('NIGHTLY_TARGET');
    await page.getByLabel('Variable value 1').fill('staging');
    await page.getByText(/^Next run: /).waitFor();
    await screenshot(page, 'pipeline-schedule-form');
    await page.getByRole('button', { name: 'Create pipeline schedule' }).click();
    const table = page.getByRole('table', { name: 'Pipeline schedules' });
    await table.getByRole('row', { name: /Nightly build/ }).waitFor();
    const [schedule] = await suite.api<Schedule[]>('/pipeline_schedules');
    const details = await suite.api<Schedule>(`/pipeline_schedules/${schedule!.id}`);
    expect(details).toMatchObject({
      description: 'Nightly build',
      cron: '0 2 * * *',
      cron_timezone: 'Europe/Berlin',
      active: true,
      variables: [{ key: 'NIGHTLY_TARGET', value: 'staging' }],
    });
  });

  it('shows the server’s words for a cron it cannot read, and keeps the form', async () => {
    const { page, project } = suite;
    await page.goto(`/${project.fullPath}/-/pipeline_schedules/new`);
    await page.getByLabel('Description').fill('Broken');
    await page.getByLabel('Cron', { exact: true }).fill('61 * * * *');
    await page.getByText('Not a valid cron pattern.').waitFor();
    await page.getByRole('button', { name: 'Create pipeline schedule' }).click();
    await page.getByRole('alert').getByText('cron  is invalid syntax').waitFor();
    expect(await suite.api<Schedule[]>('/pipeline_schedules')).toHaveLength(1);
  });

  it('plays a schedule: its pipeline runs with the schedule’s variable and shows as the last pipeline', async () => {
    const { page, project } = suite;
    await page.goto(`/${project.fullPath}/-/pipeline_schedules`);
    await page.getByRole('button', { name: 'Run pipeline schedule Nightly build' }).click();
    await page.getByText('Successfully scheduled a pipeline to run. Go to the').waitFor();
    const [pipeline] = await waitUntil(
      () => suite.api<Array<{ id: number; status: string; source: string }>>('/pipelines?source=schedule'),
      (list) => list.length > 0 && list[0]!.status === 'success',
    );
    const [job] = await suite.api<Array<{ id: number }>>(`/pipelines/${pipeline!.id}/jobs`);
    const trace = await suite.t.app.inject({
      url: `/api/v4/projects/${project.project.id}/jobs/${job!.id}/trace`,
      headers: suite.owner.headers,
    });
    expect(trace.body).toContain('target is staging');
    await page.reload();
    const row = page
      .getByRole('table', { name: 'Pipeline schedules' })
      .getByRole('row', { name: /Nightly build/ });
    await row.getByText('Passed').waitFor();
    await screenshot(page, 'pipeline-schedules-list');
  });

  it('edits the schedule, then deletes it after a confirmation', async () => {
    const { page, project } = suite;
    await page.goto(`/${project.fullPath}/-/pipeline_schedules`);
    await page.getByRole('link', { name: 'Edit pipeline schedule Nightly build' }).click();
    await page.getByRole('heading', { name: 'Edit pipeline schedule' }).waitFor();
    await page.getByLabel('Description').fill('Nightly deploy');
    await page.getByRole('button', { name: 'Remove variable 1' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('row', { name: /Nightly deploy/ }).waitFor();
    const [schedule] = await suite.api<Schedule[]>('/pipeline_schedules');
    expect((await suite.api<Schedule>(`/pipeline_schedules/${schedule!.id}`)).variables).toEqual([]);
    await page.getByRole('button', { name: 'Delete pipeline schedule Nightly deploy' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete pipeline schedule' });
    await dialog.getByText('Are you sure you want to delete the Nightly deploy pipeline schedule?').waitFor();
    await dialog.getByRole('button', { name: 'Delete pipeline schedule' }).click();
    await page.getByRole('heading', { name: 'Schedule pipelines' }).waitFor();
    expect(await suite.api<Schedule[]>('/pipeline_schedules')).toEqual([]);
  });

  it('adds a trigger token in settings, shows it once, and revokes it', async () => {
    const { page, project } = suite;
    await page.goto(`/${project.fullPath}/-/edit`);
    const section = page.getByRole('region', { name: 'Pipeline trigger tokens' });
    await section.getByText('No trigger tokens have been created yet.').waitFor();
    await section.getByRole('button', { name: 'Add new token' }).click();
    await section.getByLabel('Description').fill('Deploy from chat');
    await section.getByRole('button', { name: 'Create pipeline trigger token' }).click();
    const token = await section.getByLabel('New trigger token').textContent();
    expect(token).toMatch(/^glptt-[0-9a-f]{40}$/);
    await section.getByRole('row', { name: /Deploy from chat/ }).waitFor();
    await section.scrollIntoViewIfNeeded();
    await screenshot(section, 'pipeline-trigger-tokens');
    const triggered = await suite.t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/trigger/pipeline`,
      payload: { token, ref: 'main' },
    });
    expect(triggered.statusCode, triggered.body).toBe(201);
    await page.reload();
    await section.getByRole('button', { name: 'Revoke Deploy from chat' }).click();
    await page
      .getByRole('alertdialog', { name: 'Revoke trigger' })
      .getByRole('button', { name: 'Revoke trigger' })
      .click();
    await section.getByText('No trigger tokens have been created yet.').waitFor();
    expect(await suite.api<Trigger[]>('/triggers')).toEqual([]);
  });
});
