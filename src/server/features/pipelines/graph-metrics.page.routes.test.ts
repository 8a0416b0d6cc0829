import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { ProjectContext } from '../projects/projects.service';

describe('POST {project}/-/ci/prometheus_metrics/histograms: the pipeline graph’s performance metrics', () => {
  let t: TestApp;
  let reporter: TestUser;
  let project: ProjectContext;
  const report = (user: TestUser | null, histograms: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/${project.fullPath}/-/ci/prometheus_metrics/histograms`,
      headers: user?.headers ?? {},
      payload: { histograms },
    });

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await buildUser(t.container);
    reporter = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
  });
  afterAll(() => t.close());

  it('counts a viewer’s report in GitLab’s histograms and answers 201 {}', async () => {
    const response = await report(reporter, [
      { name: 'pipeline_graph_link_calculation_duration_seconds', value: 0.003 },
      { name: 'pipeline_graph_links_total', value: 12 },
      { name: 'pipeline_graph_links_per_job_ratio', value: 0.4 },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({});
    const histograms = t.container.graphMetrics.snapshot();
    expect(histograms.pipeline_graph_link_calculation_duration_seconds).toMatchObject({
      counts: [0, 0, 1, 1, 1, 1],
      count: 1,
    });
    expect(histograms.pipeline_graph_links_total).toMatchObject({
      counts: [0, 0, 0, 1, 1, 1, 1, 1],
      sum: 12,
    });
    expect(histograms.pipeline_graph_links_per_job_ratio.count).toBe(1);
  });

  it('refuses an unknown histogram or a bad value with 400, and one who may not read the project with 404; nothing counted', async () => {
    const before = t.container.graphMetrics.snapshot();
    expect((await report(reporter, [{ name: 'heap_bytes', value: 1 }])).statusCode).toBe(400);
    expect((await report(reporter, [{ name: 'pipeline_graph_links_total', value: -1 }])).statusCode).toBe(
      400,
    );
    const stranger = await report(await buildUser(t.container), [
      { name: 'pipeline_graph_links_total', value: 1 },
    ]);
    expect(stranger.statusCode).toBe(404);
    expect((await report(null, [{ name: 'pipeline_graph_links_total', value: 1 }])).statusCode).toBe(404);
    expect(t.container.graphMetrics.snapshot()).toEqual(before);
  });
});
