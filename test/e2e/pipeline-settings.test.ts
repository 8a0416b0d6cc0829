import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { signedInProject } from '../support/browser-setup';

describe('the General pipelines settings', () => {
  const s = signedInProject({ visibility: 'private' });
  const section = () => s.page.getByRole('form', { name: 'General pipelines' });
  const saved = async () => (await s.t.container.projects.loadProject(s.owner, s.project.project.id)).project;
  const save = () => section().getByRole('button', { name: 'Save pipeline settings' }).click();

  it('changes the CI/CD configuration file and the job timeout, in words, refusing what GitLab refuses', async () => {
    const { page, project } = s;
    await page.goto(`/${project.fullPath}/-/edit`);
    const path = section().getByLabel('CI/CD configuration file');
    const timeout = section().getByLabel('Timeout');
    expect(await path.inputValue()).toBe('');
    expect(await path.getAttribute('placeholder')).toBe('.gitlab-ci.yml');
    expect(await timeout.inputValue()).toBe('1h');

    // Under ten minutes: the page says so and sends nothing.
    await timeout.fill('5m');
    await save();
    await section().getByText('Timeout needs to be between 10 minutes and 1 month').waitFor();
    // A path out of the repository: the server's refusal, in GitLab's words.
    await timeout.fill('1h 30m');
    await path.fill('../secrets.yml');
    await save();
    await section()
      .getByText('ci_config_path cannot include leading slash or directory traversal.')
      .waitFor();
    expect(await saved()).toMatchObject({ buildTimeout: 3600, ciConfigPath: null });

    await path.fill('ci/pipeline.yml');
    await save();
    await section().getByText('Pipeline settings were saved.').waitFor();
    expect(await saved()).toMatchObject({ buildTimeout: 5400, ciConfigPath: 'ci/pipeline.yml' });

    await page.reload();
    expect(await section().getByLabel('Timeout').inputValue()).toBe('1h 30m');
    expect(await section().getByLabel('CI/CD configuration file').inputValue()).toBe('ci/pipeline.yml');
    await screenshot(section(), 'ci-settings-config-path-timeout');
  });
});
