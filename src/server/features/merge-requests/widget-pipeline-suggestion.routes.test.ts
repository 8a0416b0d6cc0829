import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { Widget } from '../../../shared/api/mergeWidget';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import {
  addProjectMember,
  buildMergeRequest,
  pushFile,
} from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

describe('the widget’s pipeline suggestion card data', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let reporter: TestUser;
  let p: ProjectContext;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    developer = await buildUser(t.container);
    reporter = await buildUser(t.container);
    p = await buildProject(t.container, owner, { visibility: 'public' });
    await addProjectMember(t.container, p, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, p, reporter, ACCESS_LEVELS.reporter);
    await buildMergeRequest(t.container, owner, p, { source_branch: 'feature/no-ci' });
    await buildMergeRequest(t.container, owner, p, { source_branch: 'with-ci' });
    await pushFile(p, 'with-ci', { path: '.gitlab-ci.yml', content: 'test:\n  script: npm test\n' });
  });
  afterAll(() => t.close());

  const widget = async (iid: number, user: TestUser | null) => {
    const response = await t.app.inject({
      url: `/${p.fullPath}/-/merge_requests/${iid}/widget.json`,
      headers: user?.headers ?? {},
    });
    expect(response.statusCode).toBe(200);
    return response.json<Widget>();
  };

  it('offers a new .gitlab-ci.yml on the source branch to someone who may push there', async () => {
    expect(await widget(1, developer)).toMatchObject({
      merge_request_add_ci_config_path: `/${p.fullPath}/-/new/feature/no-ci?file_name=.gitlab-ci.yml`,
      user_callouts_path: '/-/users/callouts',
      suggest_pipeline_feature_id: 'suggest_pipeline',
      is_dismissed_suggest_pipeline: false,
      ci_integration_jenkins: false,
    });
  });

  it('offers nothing to a reader who cannot push, nor anonymously', async () => {
    expect((await widget(1, reporter)).merge_request_add_ci_config_path).toBeNull();
    expect((await widget(1, null)).merge_request_add_ci_config_path).toBeNull();
  });

  it('offers nothing when the source head has a .gitlab-ci.yml', async () => {
    expect((await widget(2, developer)).merge_request_add_ci_config_path).toBeNull();
  });

  it('says the card is dismissed once this user closed it, and only for them', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/-/users/callouts',
      headers: developer.headers,
      payload: { feature_name: 'suggest_pipeline' },
    });
    expect((await widget(1, developer)).is_dismissed_suggest_pipeline).toBe(true);
    expect((await widget(1, reporter)).is_dismissed_suggest_pipeline).toBe(false);
  });

  it('offers nothing once the project reads its configuration from another file, as GitLab', async () => {
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/v4/projects/${p.project.id}`,
      headers: owner.headers,
      payload: { ci_config_path: 'ci/pipeline.yml' },
    });
    expect(set.statusCode).toBe(200);
    expect((await widget(1, developer)).merge_request_add_ci_config_path).toBeNull();
  });
});
