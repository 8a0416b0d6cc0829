import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import { commitCiConfig, instanceRunnerToken } from '../../support/ci';
import { fakeRunner } from '../../support/fake-runner';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

/** Jobs only in merge request pipelines: a push of the branch runs none. */
const CONFIG = [
  'check:',
  '  rules:',
  '    - if: $CI_PIPELINE_SOURCE == "merge_request_event"',
  '  script: [echo "$CI_MERGE_REQUEST_LABELS"]',
].join('\n');

type Variable = { key: string; value: string };

describe('CI_MERGE_REQUEST_LABELS in merge request pipelines', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let runner: ReturnType<typeof fakeRunner>;

  const url = (path: string) => `/api/v4/projects/${project.project.id}${path}`;

  /** The variables the runner gets with the next job, which it then ends. */
  async function nextJobVariables(): Promise<Map<string, string>> {
    const job = await runner.take();
    await runner.finish(job, 'success');
    return new Map((job.variables as Variable[]).map((variable) => [variable.key, variable.value]));
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    runner = fakeRunner(t.app, await instanceRunnerToken(t.container));
  });
  afterAll(() => t.close());

  it('names the request’s labels, comma-separated in title order, as they are when the pipeline is made', async () => {
    await commitCiConfig(t.app, owner, project.project.id, CONFIG, 'labelled');
    const created = await t.app.inject({
      method: 'POST',
      url: url('/merge_requests'),
      headers: owner.headers,
      payload: { source_branch: 'labelled', target_branch: 'main', title: 'Labelled', labels: 'ui,backend' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { iid } = created.json<{ iid: number }>();
    const opened = await nextJobVariables();
    expect(opened.get('CI_MERGE_REQUEST_IID')).toBe(String(iid));
    expect(opened.get('CI_MERGE_REQUEST_LABELS')).toBe('backend,ui');

    const edited = await t.app.inject({
      method: 'PUT',
      url: url(`/merge_requests/${iid}`),
      headers: owner.headers,
      payload: { labels: 'security' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const run = await t.app.inject({
      method: 'POST',
      url: url(`/merge_requests/${iid}/pipelines`),
      headers: owner.headers,
    });
    expect(run.statusCode, run.body).toBe(200);
    expect((await nextJobVariables()).get('CI_MERGE_REQUEST_LABELS')).toBe('security');
  });

  it('is not set for a request without labels', async () => {
    await commitCiConfig(t.app, owner, project.project.id, CONFIG, 'plain');
    const created = await t.app.inject({
      method: 'POST',
      url: url('/merge_requests'),
      headers: owner.headers,
      payload: { source_branch: 'plain', target_branch: 'main', title: 'Plain' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const variables = await nextJobVariables();
    expect(variables.get('CI_MERGE_REQUEST_IID')).toBe(String(created.json<{ iid: number }>().iid));
    expect(variables.has('CI_MERGE_REQUEST_LABELS')).toBe(false);
  });
});
