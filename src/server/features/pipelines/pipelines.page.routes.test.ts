import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { PipelinePageItem, PipelinesPage } from '../../../shared/api/pipelinePages';
import { commitCiConfig } from '../../../../test/support/ci';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

const CONFIG = [
  'stages: [build, test, deploy]',
  'compile:',
  '  stage: build',
  '  script: [make]',
  'unit:',
  '  stage: test',
  '  script: [make test]',
  'lint:',
  '  stage: test',
  '  script: [make lint]',
  'ship:',
  '  stage: deploy',
  '  script: [make ship]',
  '  when: manual',
].join('\n');

describe('the web app’s pipeline JSON', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let reporter: TestUser;
  let stranger: TestUser;
  let project: ProjectContext;

  const get = (user: TestUser | null, path: string) =>
    t.app.inject({ url: `/${project.fullPath}/-/${path}`, headers: user?.headers ?? {} });

  beforeAll(async () => {
    t = await createTestApp();
    [owner, developer, reporter, stranger] = (await Promise.all(
      [1, 2, 3, 4].map(() => buildUser(t.container)),
    )) as [TestUser, TestUser, TestUser, TestUser];
    project = await buildProject(t.container, owner);
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
    await commitCiConfig(t.app, owner, project.project.id, CONFIG);
    await commitCiConfig(t.app, owner, project.project.id, CONFIG, 'feature');
    await commitCiConfig(t.app, owner, project.project.id, 'broken:\n  script: 12\n', 'broken');
  });
  afterAll(() => t.close());

  it('lists pipelines newest first with their stages in order, and the count for the pages', async () => {
    const response = await get(owner, 'pipelines.json?per_page=2');
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<PipelinesPage>();
    expect(page.count).toBe(3);
    expect(page.pipelines.map((p) => p.ref)).toEqual(['broken', 'feature']);
    expect(page.pipelines[1]!.stages).toEqual([
      { name: 'build', status: 'pending', warnings: false },
      { name: 'test', status: 'created', warnings: false },
      { name: 'deploy', status: 'created', warnings: false },
    ]);
    const second = (await get(owner, 'pipelines.json?per_page=2&page=2')).json<PipelinesPage>();
    expect(second.pipelines.map((p) => p.ref)).toEqual(['main']);
  });

  it('filters by ref and by GitLab’s scopes, and refuses an unknown scope', async () => {
    const page = (await get(owner, 'pipelines.json?ref=feature')).json<PipelinesPage>();
    expect(page).toMatchObject({ count: 1, pipelines: [{ ref: 'feature' }] });
    const scoped = async (scope: string) =>
      (await get(owner, `pipelines.json?scope=${scope}`)).json<PipelinesPage>().pipelines.map((p) => p.ref);
    expect(await scoped('finished')).toEqual(['broken']);
    expect(await scoped('branches')).toEqual(['broken', 'feature', 'main']);
    expect(await scoped('tags')).toEqual([]);
    expect((await get(owner, 'pipelines.json?scope=everything')).statusCode).toBe(400);
  });

  it('shows a failed configuration with its errors and no stages', async () => {
    const [listed] = (await get(owner, 'pipelines.json?ref=broken')).json<PipelinesPage>().pipelines;
    const pipeline = (await get(owner, `pipelines/${listed!.id}.json`)).json<PipelinePageItem>();
    expect(pipeline).toMatchObject({ status: 'failed', stages: [] });
    expect(pipeline.yaml_errors).toContain('jobs:broken:script config should be');
  });

  it('tells who may cancel jobs: Developers on an unprotected branch, Maintainers on main, never Reporters', async () => {
    const page = async (user: TestUser) => (await get(user, 'pipelines.json')).json<PipelinesPage>();
    const rights = async (user: TestUser) =>
      Object.fromEntries((await page(user)).pipelines.map((p) => [p.ref, p.permissions.update_build]));
    expect(await rights(owner)).toEqual({ broken: true, feature: true, main: true });
    expect(await rights(developer)).toEqual({ broken: true, feature: true, main: false });
    expect(await rights(reporter)).toEqual({ broken: false, feature: false, main: false });
  });

  it('tells who may erase any job and delete a pipeline: the Owner, never a Developer or Reporter', async () => {
    const rights = async (user: TestUser) => {
      const { pipelines } = (await get(user, 'pipelines.json')).json<PipelinesPage>();
      const { erase_build, destroy_pipeline } = pipelines.find((p) => p.ref === 'feature')!.permissions;
      return { erase_build, destroy_pipeline };
    };
    expect(await rights(owner)).toEqual({ erase_build: true, destroy_pipeline: true });
    expect(await rights(developer)).toEqual({ erase_build: false, destroy_pipeline: false });
    expect(await rights(reporter)).toEqual({ erase_build: false, destroy_pipeline: false });
  });

  it('hides a private project’s pipelines from strangers and anonymous visitors as not found', async () => {
    expect((await get(stranger, 'pipelines.json')).statusCode).toBe(404);
    expect((await get(null, 'pipelines.json')).statusCode).toBe(404);
    expect((await get(owner, 'pipelines/999999.json')).statusCode).toBe(404);
  });

  it('refuses a page number that is not one', async () => {
    expect((await get(owner, 'pipelines.json?page=0')).statusCode).toBe(400);
    expect((await get(owner, 'pipelines/abc.json')).statusCode).toBe(400);
  });
});
