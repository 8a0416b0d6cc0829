import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { DownloadableArtifacts, PipelinesPage, StageJobs } from '../../../shared/api/pipelinePages';
import { commitCiConfig } from '../../../../test/support/ci';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

const CONFIG = [
  'stages: [deploy, build]',
  'compile:',
  '  stage: build',
  '  script: [make]',
  'ship:',
  '  stage: deploy',
  '  script: [make ship]',
  '  when: manual',
  '  manual_confirmation: Ship to production?',
  'docs:',
  '  stage: deploy',
  '  script: [make docs]',
  '  when: manual',
].join('\n');

describe('the mini graph’s stage jobs, artifacts and job actions, and the list’s filters', () => {
  let t: TestApp;
  let owner: TestUser;
  let reporter: TestUser;
  let stranger: TestUser;
  let project: ProjectContext;
  let pipelineId: number;

  const get = (user: TestUser | null, path: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      url: `/${project.fullPath}/-/${path}`,
      headers: { ...(user?.headers ?? {}), ...headers },
    });
  const post = (user: TestUser, path: string) =>
    t.app.inject({ method: 'POST', url: `/${project.fullPath}/-/${path}`, headers: user.headers });
  const stage = async (user: TestUser, name: string) =>
    (await get(user, `pipelines/${pipelineId}/stage.json?stage=${name}`)).json<StageJobs>();

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { username: 'olivia' });
    reporter = await buildUser(t.container);
    stranger = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
    await commitCiConfig(t.app, owner, project.project.id, CONFIG, 'feature');
    const page = (await get(owner, 'pipelines.json?ref=feature')).json<PipelinesPage>();
    pipelineId = page.pipelines[0]!.id;
  });
  afterAll(() => t.close());

  it('lists a stage’s jobs with the action each offers, a confirmation message where the job asks one', async () => {
    const deploy = await stage(owner, 'deploy');
    expect(deploy.name).toBe('deploy');
    expect(deploy.latest_statuses.map((job) => [job.name, job.status])).toEqual([
      ['ship', 'manual'],
      ['docs', 'manual'],
    ]);
    const [ship, docs] = deploy.latest_statuses;
    expect(ship!.detailed_status.action).toMatchObject({
      title: 'Run',
      path: `/${project.fullPath}/-/jobs/${ship!.id}/play`,
      confirmation_message: 'Ship to production?',
    });
    expect(docs!.detailed_status.action?.confirmation_message).toBeUndefined();
    const build = await stage(owner, 'build');
    expect(build.latest_statuses[0]).toMatchObject({ name: 'compile', status: 'pending' });
    expect(build.latest_statuses[0]!.detailed_status.action?.title).toBe('Cancel');
    expect((await stage(owner, 'nothing')).latest_statuses).toEqual([]);
  });

  it('offers a Reporter no action, and hides the pipeline from a stranger as not found', async () => {
    const deploy = await stage(reporter, 'deploy');
    expect(deploy.latest_statuses.map((job) => job.detailed_status.action)).toEqual([undefined, undefined]);
    expect((await get(stranger, `pipelines/${pipelineId}/stage.json?stage=deploy`)).statusCode).toBe(404);
    expect((await get(owner, `pipelines/${pipelineId}/stage.json`)).statusCode).toBe(400);
  });

  it('runs a job from the path its action names, and refuses a Reporter', async () => {
    const docs = (await stage(owner, 'deploy')).latest_statuses[1]!;
    const refused = await post(reporter, `jobs/${docs.id}/play`);
    expect(refused.statusCode).toBe(403);
    expect((await stage(owner, 'deploy')).latest_statuses[1]!.status).toBe('manual');
    const played = await post(owner, `jobs/${docs.id}/play`);
    expect(played.statusCode, played.body).toBe(200);
    expect(played.json()).toEqual({ id: docs.id });
    expect((await stage(owner, 'deploy')).latest_statuses[1]!.status).toBe('pending');
    const canceled = await post(owner, `jobs/${docs.id}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect((await stage(owner, 'deploy')).latest_statuses[1]!.status).toBe('canceled');
  });

  it('answers a poll that names the current ETag with 304 and no body, and a changed one in full', async () => {
    const first = await get(owner, `pipelines/${pipelineId}/stage.json?stage=build`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    const again = await get(owner, `pipelines/${pipelineId}/stage.json?stage=build`, {
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const list = await get(owner, 'pipelines.json');
    const unchanged = await get(owner, 'pipelines.json', { 'if-none-match': list.headers.etag as string });
    expect(unchanged.statusCode).toBe(304);
    const other = await get(owner, 'pipelines.json', { 'if-none-match': 'W/"old"' });
    expect(other.statusCode).toBe(200);
  });

  it('filters the list by status, ref, trigger author and source, and refuses an unknown status or source', async () => {
    const refs = async (query: string) =>
      (await get(owner, `pipelines.json?${query}`)).json<PipelinesPage>().pipelines.map((p) => p.ref);
    expect(await refs('ref=feature')).toEqual(['feature']);
    expect(await refs('status=pending')).toEqual(['feature']);
    expect(await refs('status=success')).toEqual([]);
    expect(await refs('username=olivia')).toEqual(['feature']);
    expect(await refs(`username=${reporter.username}`)).toEqual([]);
    expect(await refs('source=push')).toEqual(['feature']);
    expect(await refs('source=schedule')).toEqual([]);
    expect((await get(owner, 'pipelines.json?status=green')).statusCode).toBe(400);
    expect((await get(owner, 'pipelines.json?source=email')).statusCode).toBe(400);
  });

  it('has no artifacts to download before a job uploaded any', async () => {
    const response = await get(owner, `pipelines/${pipelineId}/downloadable_artifacts.json`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DownloadableArtifacts>()).toEqual({ artifacts: [], exposed_artifacts: [] });
    expect((await get(stranger, `pipelines/${pipelineId}/downloadable_artifacts.json`)).statusCode).toBe(404);
  });
});
