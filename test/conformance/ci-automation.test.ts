import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { commitCiConfig, instanceRunnerToken, waitUntil } from '../support/ci';
import { buildUser, type TestUser } from '../support/factories';
import { conformanceSetup, gitlabClient } from '../support/gitlab-client';

/** Pipelines only when asked for: committing files starts none. */
const ON_REQUEST = ['workflow:', '  rules:', '    - if: $CI_PIPELINE_SOURCE != "push"'];

const JUNIT =
  '<testsuites><testsuite name="calc">' +
  '<testcase classname="test_calc" name="test_add" time="0.25"/>' +
  '<testcase classname="test_calc" name="test_div" time="0.5">' +
  '<failure message="ZeroDivisionError">division by zero</failure></testcase>' +
  '</testsuite></testsuites>';

/**
 * @gitbeaker/rest on pipeline schedules, trigger tokens, commit statuses, bridges and test reports
 * (python-gitlab's side of the same is in ci-triggers, python-gitlab-test-reports and the
 * downstream pipelines suite).
 */
describe('pipeline schedules, triggers, commit statuses, bridges and test reports through @gitbeaker/rest', () => {
  const setup = conformanceSetup();
  let baseUrl: string;
  let runnerToken: string;
  let stranger: TestUser;

  /**
   * A runner played by hand: takes pending jobs until one of pipeline `pipelineId` (the earlier
   * tests' pipelines left theirs), ending the others; `finish` reports its end.
   */
  async function takeJobIn(pipelineId: number) {
    for (;;) {
      const taken = await fetch(`${baseUrl}/api/v4/jobs/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: runnerToken }),
      });
      expect(taken.status).toBe(201);
      const job = (await taken.json()) as {
        id: number;
        token: string;
        job_info: { name: string };
        variables: Array<{ key: string; value: string }>;
      };
      const finish = (state: 'success' | 'failed') =>
        fetch(`${baseUrl}/api/v4/jobs/${job.id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: job.token, state }),
        });
      const pipeline = job.variables.find((variable) => variable.key === 'CI_PIPELINE_ID')?.value;
      if (pipeline === String(pipelineId)) return { ...job, finish };
      await finish('success');
    }
  }

  beforeAll(async () => {
    const { t, owner, project } = setup;
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    t.container.jobs.start((error) => console.error(error));
    runnerToken = await instanceRunnerToken(t.container);
    stranger = await buildUser(t.container);
    await setup.gitlab.RepositoryFiles.create(
      project.project.id,
      'ci/child.yml',
      'main',
      'child-job:\n  script: [echo child]',
      'child pipeline',
    );
    await commitCiConfig(
      t.app,
      owner,
      project.project.id,
      [
        ...ON_REQUEST,
        'test:',
        '  script: [pytest --junitxml=report.xml]',
        '  artifacts:',
        '    reports:',
        '      junit: report.xml',
        'child:',
        '  trigger:',
        '    include: ci/child.yml',
        '    strategy: depend',
      ].join('\n'),
    );
  });

  it('creates, edits, runs, takes over and removes a schedule and its variables', async () => {
    const { gitlab, project, owner } = setup;
    const id = project.project.id;
    const created = await gitlab.PipelineSchedules.create(id, 'Nightly', 'main', '0 1 * * *', {
      cronTimezone: 'UTC',
    });
    expect(created).toMatchObject({
      description: 'Nightly',
      ref: 'main',
      cron: '0 1 * * *',
      cron_timezone: 'UTC',
      active: true,
      owner: { username: owner.username },
    });
    await gitlab.PipelineScheduleVariables.create(id, created.id, 'TARGET', 'staging');
    await gitlab.PipelineScheduleVariables.edit(id, created.id, 'TARGET', 'production');
    const edited = await gitlab.PipelineSchedules.edit(id, created.id, { cron: '30 2 * * *' });
    expect(edited).toMatchObject({ cron: '30 2 * * *' });
    const shown = await gitlab.PipelineSchedules.show(id, created.id);
    // 02:30, started by the schedule worker's first run after it (minute 3 of every ten), as GitLab does.
    expect((shown.next_run_at as string).slice(11, 16)).toBe('02:33');
    expect(shown.variables).toEqual([
      expect.objectContaining({ key: 'TARGET', value: 'production', variable_type: 'env_var' }),
    ]);
    expect(await gitlab.PipelineSchedules.run(id, created.id)).toEqual({ message: '201 Created' });
    const triggered = await gitlab.PipelineSchedules.allTriggeredPipelines(id, created.id);
    expect(triggered.map((pipeline) => pipeline.source)).toEqual(['schedule']);
    expect(await gitlab.PipelineSchedules.takeOwnership(id, created.id)).toMatchObject({
      owner: { username: owner.username },
    });
    expect((await gitlab.PipelineSchedules.all(id)).map((schedule) => schedule.description)).toEqual([
      'Nightly',
    ]);
    await gitlab.PipelineScheduleVariables.remove(id, created.id, 'TARGET');
    await gitlab.PipelineSchedules.remove(id, created.id);
    await expect(gitlab.PipelineSchedules.show(id, created.id)).rejects.toMatchObject({
      cause: { response: { status: 404 } },
    });
    await expect(gitlab.PipelineSchedules.create(id, 'x', 'main', 'nope')).rejects.toMatchObject({
      cause: { response: { status: 400 } },
    });
  });

  it('makes, renames and removes trigger tokens, and runs a pipeline with one', async () => {
    const { gitlab, project } = setup;
    const id = project.project.id;
    const token = await gitlab.PipelineTriggerTokens.create(id, 'chat ops');
    expect(token.token).toMatch(/^glptt-/);
    expect(token).toMatchObject({ description: 'chat ops', last_used: null });
    const renamed = await gitlab.PipelineTriggerTokens.edit(id, token.id, { description: 'chat bot' });
    expect(renamed).toMatchObject({ description: 'chat bot' });
    expect((await gitlab.PipelineTriggerTokens.show(id, token.id)).token).toHaveLength(4);
    const pipeline = await gitlab.PipelineTriggerTokens.trigger(id, 'main', token.token, {
      variables: { DEPLOY_TO: 'production' },
    });
    expect(pipeline).toMatchObject({ source: 'trigger', ref: 'main', project_id: id });
    const all = await gitlab.PipelineTriggerTokens.all(id);
    expect(all.map((item) => [item.description, item.last_used !== null])).toEqual([['chat bot', true]]);
    await gitlab.PipelineTriggerTokens.remove(id, token.id);
    expect(await gitlab.PipelineTriggerTokens.all(id)).toEqual([]);
    await expect(gitlab.PipelineTriggerTokens.trigger(id, 'main', 'glptt-wrong')).rejects.toMatchObject({
      cause: { response: { status: 404 } },
    });
  });

  it('reports commit statuses and lists them', async () => {
    const { gitlab, project } = setup;
    const id = project.project.id;
    // A commit of its own: the trigger test's child pipeline (same commit and ref) may be created
    // meanwhile, and a status goes to the newest pipeline of its commit and ref, as in GitLab.
    await gitlab.RepositoryFiles.create(id, 'statuses.txt', 'main', 'reported from outside', 'statuses');
    const { id: sha } = await gitlab.Commits.show(id, 'main');
    const running = await gitlab.Commits.editStatus(id, sha, 'running', {
      name: 'ext/ci',
      targetUrl: 'https://ci.example.com/1',
      description: 'Building',
    });
    expect(running).toMatchObject({
      status: 'running',
      name: 'ext/ci',
      target_url: 'https://ci.example.com/1',
      description: 'Building',
      sha,
      ref: 'main',
    });
    await gitlab.Commits.editStatus(id, sha, 'success', { name: 'ext/ci' });
    const statuses = await gitlab.Commits.allStatuses(id, sha, { name: 'ext/ci' });
    expect(statuses.map((status) => status.status)).toEqual(['success']);
    await expect(
      gitlab.Commits.editStatus(id, sha, 'done' as 'success', { name: 'ext/ci' }),
    ).rejects.toMatchObject({ cause: { response: { status: 400 } } });
  });

  it('lists a pipeline’s bridges with their downstream pipelines and reads its test report', async () => {
    const { gitlab, project } = setup;
    const id = project.project.id;
    const pipeline = await gitlab.Pipelines.create(id, 'main');
    const test = await takeJobIn(pipeline.id);
    expect(test.job_info.name).toBe('test');
    const form = new FormData();
    form.append('file', new Blob([gzipSync(JUNIT)]), 'junit.xml.gz');
    const upload = await fetch(
      `${baseUrl}/api/v4/jobs/${test.id}/artifacts?artifact_type=junit&artifact_format=gzip`,
      { method: 'POST', headers: { 'job-token': test.token }, body: form },
    );
    expect(upload.status).toBe(201);
    await test.finish('failed');

    const bridges = await waitUntil(
      () => gitlab.Jobs.allPipelineBridges(id, pipeline.id),
      // The child pipeline is made first, then the bridge moves on from pending, as in GitLab.
      (found) => found[0]?.downstream_pipeline !== null && found[0]?.status !== 'pending',
    );
    expect(bridges).toEqual([
      expect.objectContaining({
        name: 'child',
        status: 'running',
        pipeline: expect.objectContaining({ id: pipeline.id }),
        downstream_pipeline: expect.objectContaining({ source: 'parent_pipeline', status: 'pending' }),
      }),
    ]);
    const child = await takeJobIn((bridges[0]!.downstream_pipeline as { id: number }).id);
    expect(child.job_info.name).toBe('child-job');
    await child.finish('success');
    const passed = await waitUntil(
      () => gitlab.Jobs.allPipelineBridges(id, pipeline.id, { scope: 'success' }),
      (found) => found.length === 1,
    );
    expect(passed[0]).toMatchObject({ name: 'child', downstream_pipeline: { status: 'success' } });

    const report = await gitlab.Pipelines.showTestReport(id, pipeline.id);
    expect(report).toMatchObject({ total_time: 0.75, total_count: 2, success_count: 1, failed_count: 1 });
    expect(report.test_suites).toEqual([expect.objectContaining({ name: 'test', total_count: 2 })]);
    const summary = await gitlab.Pipelines.showTestReportSummary(id, pipeline.id);
    expect(summary.total).toMatchObject({ time: 0.75, count: 2, success: 1, failed: 1 });
    expect(summary.test_suites).toEqual([expect.objectContaining({ name: 'test', build_ids: [test.id] })]);
    await expect(
      gitlabClient(baseUrl, stranger.token).Pipelines.showTestReport(id, pipeline.id),
    ).rejects.toMatchObject({ cause: { response: { status: 404 } } });
  }, 90_000);
});
