import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import { commitCiConfig, instanceRunnerToken, waitUntil } from '../../support/ci';
import { fakeRunner } from '../../support/fake-runner';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

type PipelineJson = { id: number; status: string; source: string };
type JobJson = { id: number; name: string; status: string };
type BridgeJson = JobJson & { downstream_pipeline: PipelineJson | null };

/** Pipelines only when asked for: committing the files starts none. */
const ON_REQUEST = ['workflow:', '  rules:', '    - if: $CI_PIPELINE_SOURCE != "push"'];

describe('child pipelines: a cancel cascades to them, as GitLab’s does; a mirroring bridge waits on one', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let other: ProjectContext;
  let runner: ReturnType<typeof fakeRunner>;

  const api = async <T>(url: string): Promise<T> => {
    const response = await t.app.inject({ url: `/api/v4${url}`, headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const bridgesOf = (target: ProjectContext, pipelineId: number) =>
    api<BridgeJson[]>(`/projects/${target.project.id}/pipelines/${pipelineId}/bridges`);
  const jobsOf = (target: ProjectContext, pipelineId: number) =>
    api<JobJson[]>(`/projects/${target.project.id}/pipelines/${pipelineId}/jobs`);
  const pipelineOf = (target: ProjectContext, id: number) =>
    api<PipelineJson>(`/projects/${target.project.id}/pipelines/${id}`);

  /** The pipeline `bridge` of `pipelineId` created, once it did. */
  async function downstreamOf(target: ProjectContext, pipelineId: number, bridge: string) {
    const bridges = await waitUntil(
      () => bridgesOf(target, pipelineId),
      (found) => found.some((item) => item.name === bridge && item.downstream_pipeline),
    );
    return bridges.find((item) => item.name === bridge)!.downstream_pipeline!;
  }

  /** Takes pending jobs until `name`'s, finishing any other on the way. */
  async function takeJob(name: string) {
    for (;;) {
      const job = await runner.take();
      if (job.name === name) return job;
      await runner.finish(job, 'success');
    }
  }

  async function createPipeline(target: ProjectContext) {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${target.project.id}/pipeline`,
      headers: owner.headers,
      payload: { ref: 'main' },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<PipelineJson>();
  }

  async function commitFile(target: ProjectContext, filePath: string, content: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${target.project.id}/repository/files/${encodeURIComponent(filePath)}`,
      headers: owner.headers,
      payload: { branch: 'main', content, commit_message: `add ${filePath}` },
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  beforeAll(async () => {
    t = await createTestApp();
    t.container.jobs.start((error) => console.error(error));
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    other = await buildProject(t.container, owner);
    await commitFile(other, 'ci-placeholder.txt', 'x');
    await commitCiConfig(
      t.app,
      owner,
      other.project.id,
      [...ON_REQUEST, 'remote:', '  script: [wait]'].join('\n'),
    );
    await commitFile(
      project,
      'ci/child.yml',
      ['child-job:', '  script: [wait]', 'grandchild:', '  trigger:', '    include: ci/grandchild.yml'].join(
        '\n',
      ),
    );
    await commitFile(project, 'ci/grandchild.yml', ['grandchild-job:', '  script: [wait]'].join('\n'));
    await commitCiConfig(
      t.app,
      owner,
      project.project.id,
      [
        ...ON_REQUEST,
        'build:',
        '  script: [wait]',
        'child:',
        '  trigger:',
        '    include: ci/child.yml',
        '    strategy: depend',
        'downstream:',
        '  trigger:',
        `    project: ${other.fullPath}`,
        '    strategy: depend',
      ].join('\n'),
    );
    runner = fakeRunner(t.app, await instanceRunnerToken(t.container));
  });
  afterAll(async () => {
    await t?.container.jobs.stop();
    await t?.close();
  });

  it('cancels the parent’s jobs, its running child and grandchild pipelines, and leaves the other project’s pipeline running', async () => {
    const parent = await createPipeline(project);
    const child = await downstreamOf(project, parent.id, 'child');
    const grandchild = await downstreamOf(project, child.id, 'grandchild');
    const remote = await downstreamOf(project, parent.id, 'downstream');
    // One of the jobs runs on a runner when the cancel comes.
    const taken = await runner.take();
    await runner.log(taken, 'working\n');

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/pipelines/${parent.id}/cancel`,
      headers: owner.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(201);
    expect(cancel.json()).toMatchObject({ id: parent.id, status: 'canceled' });

    for (const id of [child.id, grandchild.id])
      expect((await pipelineOf(project, id)).status, `pipeline ${id}`).toBe('canceled');
    const descendantJobs = [
      ...(await jobsOf(project, child.id)),
      ...(await jobsOf(project, grandchild.id)),
      ...(await jobsOf(project, parent.id)),
    ];
    expect(descendantJobs.map((job) => job.status)).toEqual(descendantJobs.map(() => 'canceled'));
    expect((await bridgesOf(project, parent.id)).map((bridge) => [bridge.name, bridge.status])).toEqual([
      ['child', 'canceled'],
      ['downstream', 'canceled'],
    ]);
    // The other project's pipeline is its own: GitLab does not cascade a cancel across projects.
    expect((await pipelineOf(other, remote.id)).status).not.toBe('canceled');
    expect((await jobsOf(other, remote.id)).map((job) => job.status)).not.toContain('canceled');
  });

  it('a `strategy: mirror` bridge runs while its child pipeline runs, then takes its status', async () => {
    const mirroring = await buildProject(t.container, owner);
    await commitFile(mirroring, 'ci/child.yml', ['mirrored-job:', '  script: [check]'].join('\n'));
    await commitCiConfig(
      t.app,
      owner,
      mirroring.project.id,
      [...ON_REQUEST, 'mirror:', '  trigger:', '    include: ci/child.yml', '    strategy: mirror'].join(
        '\n',
      ),
    );
    const parent = await createPipeline(mirroring);
    const child = await downstreamOf(mirroring, parent.id, 'mirror');
    const [bridge] = await bridgesOf(mirroring, parent.id);
    expect(bridge!.status).toBe('running');
    expect((await pipelineOf(mirroring, parent.id)).status).toBe('running');
    await runner.finish(await takeJob('mirrored-job'), 'failed');
    expect((await pipelineOf(mirroring, child.id)).status).toBe('failed');
    expect((await bridgesOf(mirroring, parent.id))[0]!.status).toBe('failed');
    expect((await pipelineOf(mirroring, parent.id)).status).toBe('failed');
  });

  it('a `strategy: mirror` bridge is manual while its child waits on a manual job, and runs again once it is played', async () => {
    const mirroring = await buildProject(t.container, owner);
    await commitFile(
      mirroring,
      'ci/child.yml',
      ['deploy:', '  when: manual', '  allow_failure: false', '  script: [deploy]'].join('\n'),
    );
    await commitCiConfig(
      t.app,
      owner,
      mirroring.project.id,
      [
        ...ON_REQUEST,
        'mirror:',
        '  trigger:',
        '    include: ci/child.yml',
        '    strategy: mirror',
        'depend:',
        '  trigger:',
        '    include: ci/child.yml',
        '    strategy: depend',
      ].join('\n'),
    );
    const parent = await createPipeline(mirroring);
    const mirrored = await downstreamOf(mirroring, parent.id, 'mirror');
    await downstreamOf(mirroring, parent.id, 'depend');
    expect((await pipelineOf(mirroring, mirrored.id)).status).toBe('manual');
    const statuses = async () =>
      (await bridgesOf(mirroring, parent.id)).map((bridge) => [bridge.name, bridge.status]);
    expect(await statuses()).toEqual([
      ['mirror', 'manual'],
      ['depend', 'running'],
    ]);
    const [deploy] = await jobsOf(mirroring, mirrored.id);
    const played = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${mirroring.project.id}/jobs/${deploy!.id}/play`,
      headers: owner.headers,
    });
    expect(played.statusCode, played.body).toBe(200);
    expect((await statuses())[0]).toEqual(['mirror', 'running']);
    await runner.finish(await takeJob('deploy'), 'success');
    expect((await pipelineOf(mirroring, mirrored.id)).status).toBe('success');
    expect((await statuses())[0]).toEqual(['mirror', 'success']);
  });

  it('a `strategy: mirror` bridge is skipped with a skipped child, and canceled with a canceled one', async () => {
    const mirroring = await buildProject(t.container, owner);
    await commitFile(
      mirroring,
      'ci/skipped.yml',
      ['only-on-failure:', '  when: on_failure', '  script: [report]'].join('\n'),
    );
    await commitFile(mirroring, 'ci/long.yml', ['long:', '  script: [wait]'].join('\n'));
    const bridge = (name: string, file: string, strategy: string) => [
      `${name}:`,
      '  trigger:',
      `    include: ${file}`,
      `    strategy: ${strategy}`,
    ];
    await commitCiConfig(
      t.app,
      owner,
      mirroring.project.id,
      [
        ...ON_REQUEST,
        ...bridge('mirror-skipped', 'ci/skipped.yml', 'mirror'),
        ...bridge('depend-skipped', 'ci/skipped.yml', 'depend'),
        ...bridge('mirror-canceled', 'ci/long.yml', 'mirror'),
      ].join('\n'),
    );
    const parent = await createPipeline(mirroring);
    const long = await downstreamOf(mirroring, parent.id, 'mirror-canceled');
    const skipped = await downstreamOf(mirroring, parent.id, 'mirror-skipped');
    expect((await pipelineOf(mirroring, skipped.id)).status).toBe('skipped');
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${mirroring.project.id}/pipelines/${long.id}/cancel`,
      headers: owner.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(201);
    expect((await bridgesOf(mirroring, parent.id)).map((item) => [item.name, item.status])).toEqual([
      ['mirror-skipped', 'skipped'],
      ['depend-skipped', 'failed'],
      ['mirror-canceled', 'canceled'],
    ]);
  });
});
