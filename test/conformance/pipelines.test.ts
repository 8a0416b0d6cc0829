import { describe, expect, it } from 'vitest';
import { commitCiConfig, instanceRunnerToken } from '../support/ci';
import { buildProject } from '../support/factories';
import { conformanceSetup } from '../support/gitlab-client';

const CONFIG = [
  // Committing the file runs no pipeline: the tests start theirs through the API.
  'workflow:',
  '  rules:',
  '    - if: $CI_PIPELINE_SOURCE != "push"',
  'stages: [build, test]',
  'compile:',
  '  stage: build',
  '  script: [echo "compiling for $TARGET"]',
  'check:',
  '  stage: test',
  '  script: [echo check]',
].join('\n');

describe('pipelines and jobs through @gitbeaker/rest', () => {
  const setup = conformanceSetup();

  /** Plays a runner by hand: takes the next job, writes `log` and reports `state`. */
  async function runNextJob(baseUrl: string, token: string, log: string, state: 'success' | 'failed') {
    const taken = await fetch(`${baseUrl}/api/v4/jobs/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const job = (await taken.json()) as { id: number; token: string };
    await fetch(`${baseUrl}/api/v4/jobs/${job.id}/trace`, {
      method: 'PATCH',
      headers: {
        'job-token': job.token,
        'content-range': `0-${log.length - 1}`,
        'content-type': 'text/plain',
      },
      body: log,
    });
    await fetch(`${baseUrl}/api/v4/jobs/${job.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: job.token,
        state,
        ...(state === 'failed' ? { failure_reason: 'script_failure', exit_code: 1 } : {}),
      }),
    });
    return job.id;
  }

  it('creates a pipeline with variables, lists and shows it, its jobs and their logs', async () => {
    const { t, owner, project, gitlab } = setup;
    const projectId = project.project.id;
    const sha = await commitCiConfig(t.app, owner, projectId, CONFIG);
    const created = await gitlab.Pipelines.create(projectId, 'main', {
      variables: [{ key: 'TARGET', value: 'arm64', variable_type: 'env_var' }],
    });
    expect(created).toMatchObject({
      project_id: projectId,
      ref: 'main',
      sha,
      source: 'api',
      status: 'pending',
      tag: false,
      yaml_errors: null,
    });
    expect(created.user).toMatchObject({ username: owner.username });
    expect(created.detailed_status).toMatchObject({ group: 'pending', text: 'Pending' });

    const all = await gitlab.Pipelines.all(projectId, { ref: 'main', source: 'api' });
    expect(all.map((pipeline) => pipeline.id)).toEqual([created.id]);
    expect(await gitlab.Pipelines.all(projectId, { status: 'success' })).toEqual([]);
    const shown = await gitlab.Pipelines.show(projectId, created.id);
    expect(shown).toMatchObject({
      id: created.id,
      iid: created.iid,
      status: 'pending',
      web_url: expect.stringContaining(`/-/pipelines/${created.id}`),
    });

    expect(await gitlab.Pipelines.allVariables(projectId, created.id)).toEqual([
      { key: 'TARGET', value: 'arm64', variable_type: 'env_var' },
    ]);

    const baseUrl = (t.app.server.address() as { port: number }).port;
    const runnerToken = await instanceRunnerToken(t.container);
    const compileId = await runNextJob(
      `http://127.0.0.1:${baseUrl}`,
      runnerToken,
      'compiling for arm64\n',
      'success',
    );
    await runNextJob(`http://127.0.0.1:${baseUrl}`, runnerToken, 'broken\n', 'failed');

    const jobs = await gitlab.Jobs.all(projectId, { pipelineId: created.id });
    expect(jobs.map((job) => [job.name, job.stage, job.status])).toEqual([
      ['compile', 'build', 'success'],
      ['check', 'test', 'failed'],
    ]);
    const failedOnly = await gitlab.Jobs.all(projectId, { pipelineId: created.id, scope: 'failed' });
    expect(failedOnly.map((job) => job.name)).toEqual(['check']);
    const projectJobs = await gitlab.Jobs.all(projectId, { scope: 'success' });
    expect(projectJobs.map((job) => job.name)).toEqual(['compile']);

    const compile = await gitlab.Jobs.show(projectId, compileId);
    expect(compile).toMatchObject({
      id: compileId,
      name: 'compile',
      status: 'success',
      ref: 'main',
      pipeline: { id: created.id, status: 'failed' },
      commit: { id: sha },
      runner: { runner_type: 'instance_type', is_shared: true },
      web_url: expect.stringContaining(`/-/jobs/${compileId}`),
    });
    expect(await gitlab.Jobs.showLog(projectId, compileId)).toBe('compiling for arm64\n');
    const failedPipeline = await gitlab.Pipelines.show(projectId, created.id);
    expect(failedPipeline).toMatchObject({ status: 'failed', finished_at: expect.any(String) });
  });

  it('lints a configuration as GitLab CI Lint answers', async () => {
    const { project, gitlab } = setup;
    const valid = await gitlab.Lint.lint(project.project.id, CONFIG);
    expect(valid).toMatchObject({ valid: true, errors: [], warnings: [] });
    expect(valid.merged_yaml).toContain('compile:');
    const invalid = await gitlab.Lint.lint(project.project.id, 'build:\n  script: 123\n');
    expect(invalid).toMatchObject({
      valid: false,
      errors: [
        'jobs:build:script config should be a string or a nested array of strings up to 10 levels deep',
      ],
    });
  });

  it('retries, plays, erases and cancels jobs, retries, cancels and deletes pipelines', async () => {
    const { t, owner, project, gitlab } = setup;
    const projectId = project.project.id;
    await commitCiConfig(
      t.app,
      owner,
      projectId,
      `${CONFIG}\nship:\n  stage: test\n  when: manual\n  script: [echo ship]`,
      'actions',
    );
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const runnerToken = await instanceRunnerToken(t.container);
    const pipeline = await gitlab.Pipelines.create(projectId, 'actions');
    const failedId = await runNextJob(baseUrl, runnerToken, 'broken\n', 'failed');

    const retried = await gitlab.Jobs.retry(projectId, failedId);
    expect(retried).toMatchObject({ name: 'compile', status: 'pending' });
    expect(retried.id).not.toBe(failedId);
    await runNextJob(baseUrl, runnerToken, 'compiled\n', 'success');
    await runNextJob(baseUrl, runnerToken, 'check failed\n', 'failed');
    const ship = (await gitlab.Jobs.all(projectId, { pipelineId: pipeline.id })).find(
      (job) => job.name === 'ship',
    )!;
    expect(ship.status).toBe('manual');
    expect(await gitlab.Jobs.play(projectId, ship.id)).toMatchObject({ id: ship.id, status: 'pending' });
    expect(await gitlab.Jobs.cancel(projectId, ship.id)).toMatchObject({ id: ship.id, status: 'canceled' });

    const erased = await gitlab.Jobs.erase(projectId, retried.id);
    expect(erased.erased_at).toEqual(expect.any(String));
    expect(await gitlab.Jobs.showLog(projectId, retried.id)).toBe('');

    // The failed check runs again; the canceled manual job waits to be played again. A pipeline
    // with a job passed and one pending is running, as GitLab composes it.
    const again = await gitlab.Pipelines.retry(projectId, pipeline.id);
    expect(again).toMatchObject({ id: pipeline.id, status: 'running' });
    const attempts = await gitlab.Jobs.all(projectId, { pipelineId: pipeline.id });
    expect(attempts.map((job) => [job.name, job.status])).toEqual([
      ['compile', 'success'],
      ['check', 'pending'],
      ['ship', 'manual'],
    ]);
    const canceled = await gitlab.Pipelines.cancel(projectId, pipeline.id);
    expect(canceled).toMatchObject({ id: pipeline.id, status: 'canceled' });
    await gitlab.Pipelines.remove(projectId, pipeline.id);
    await expect(gitlab.Pipelines.show(projectId, pipeline.id)).rejects.toThrow();
  });

  it('manages project and group CI/CD variables', async () => {
    const { t, owner, project, gitlab } = setup;
    const projectId = project.project.id;
    const created = await gitlab.ProjectVariables.create(projectId, 'DEPLOY_KEY', 'abcdefgh12345678', {
      masked: true,
      protected: true,
      description: 'deploys',
    });
    expect(created).toMatchObject({
      key: 'DEPLOY_KEY',
      value: 'abcdefgh12345678',
      variable_type: 'env_var',
      masked: true,
      protected: true,
      environment_scope: '*',
      description: 'deploys',
    });
    await expect(
      gitlab.ProjectVariables.create(projectId, 'BAD', 'short', { masked: true }),
    ).rejects.toThrow();
    const edited = await gitlab.ProjectVariables.edit(projectId, 'DEPLOY_KEY', 'zyxwvuts87654321', {
      filter: { environment_scope: '*' },
    });
    expect(edited).toMatchObject({ value: 'zyxwvuts87654321', masked: true });
    expect((await gitlab.ProjectVariables.all(projectId)).map((variable) => variable.key)).toEqual([
      'DEPLOY_KEY',
    ]);
    expect(await gitlab.ProjectVariables.show(projectId, 'DEPLOY_KEY')).toMatchObject({ protected: true });
    await gitlab.ProjectVariables.remove(projectId, 'DEPLOY_KEY');
    expect(await gitlab.ProjectVariables.all(projectId)).toEqual([]);

    const group = await t.container.groups.createGroup(owner, { name: 'Vars', path: `vars-${Date.now()}` });
    await gitlab.GroupVariables.create(group.group.id, 'REGISTRY', 'registry.example.com', {
      variableType: 'file',
    });
    expect(await gitlab.GroupVariables.show(group.group.id, 'REGISTRY')).toMatchObject({
      key: 'REGISTRY',
      variable_type: 'file',
    });
  });

  it('lists, shows, edits, enables, disables and removes runners', async () => {
    const { t, owner, project, gitlab } = setup;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v4/user/runners',
      headers: owner.headers,
      payload: { runner_type: 'project_type', project_id: project.project.id, description: 'beaker' },
    });
    const runnerId = created.json<{ id: number }>().id;
    const owned = await gitlab.Runners.all({ owned: true, type: 'project_type' });
    expect(owned.map((runner) => runner.id)).toContain(runnerId);
    await expect(gitlab.Runners.all()).rejects.toMatchObject({ cause: { response: { status: 403 } } });

    const edited = await gitlab.Runners.edit(runnerId, { description: 'beaker edited', tagList: ['docker'] });
    expect(edited).toMatchObject({ id: runnerId, description: 'beaker edited', tag_list: ['docker'] });
    expect(await gitlab.Runners.show(runnerId)).toMatchObject({
      description: 'beaker edited',
      status: 'never_contacted',
      projects: [{ id: project.project.id }],
    });

    const second = await buildProject(t.container, owner);
    expect(await gitlab.Runners.enable(second.project.id, runnerId)).toMatchObject({ id: runnerId });
    const listed = await gitlab.Runners.all({ projectId: second.project.id, type: 'project_type' });
    expect(listed.map((runner) => runner.id)).toEqual([runnerId]);
    await gitlab.Runners.disable(second.project.id, runnerId);
    expect(await gitlab.Runners.all({ projectId: second.project.id, type: 'project_type' })).toEqual([]);

    await gitlab.Runners.remove({ runnerId });
    await expect(gitlab.Runners.show(runnerId)).rejects.toMatchObject({
      cause: { response: { status: 404 } },
    });
  });
});
