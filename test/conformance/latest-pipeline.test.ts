import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { commitCiConfig } from '../support/ci';
import { buildProject, buildUser } from '../support/factories';
import { conformanceSetup, gitlabClient } from '../support/gitlab-client';

const CONFIG = [
  // Committing runs no pipeline: the test starts its own through the API.
  'workflow:',
  '  rules:',
  '    - if: $CI_PIPELINE_SOURCE != "push"',
  'check:',
  '  script: [echo check]',
].join('\n');

/** How @gitbeaker rejects a refused request: with its status and GitLab's message. */
const refused = (status: number, description?: string) => ({
  cause: { response: { status }, ...(description ? { description } : {}) },
});

describe('GET /projects/:id/pipelines/latest through @gitbeaker/rest', () => {
  const setup = conformanceSetup();

  it('answers the newest pipeline of the default branch, or of `ref`, at the commit the ref names now', async () => {
    const { t, owner, gitlab } = setup;
    const project = await buildProject(t.container, owner, { visibility: 'private' });
    const projectId = project.project.id;
    await commitCiConfig(t.app, owner, projectId, CONFIG);
    // No pipeline yet: GitLab's `authorize! :read_pipeline, nil` answers 403.
    await expect(gitlab.Pipelines.showLatest(projectId)).rejects.toMatchObject(refused(403, '403 Forbidden'));

    const first = await gitlab.Pipelines.create(projectId, 'main');
    const second = await gitlab.Pipelines.create(projectId, 'main');
    await gitlab.Branches.create(projectId, 'feature', 'main');
    const feature = await gitlab.Pipelines.create(projectId, 'feature');
    expect(first.id).toBeLessThan(second.id);

    const latest = await gitlab.Pipelines.showLatest(projectId);
    expect(latest).toMatchObject({
      id: second.id,
      iid: second.iid,
      ref: 'main',
      sha: second.sha,
      source: 'api',
      web_url: expect.stringContaining(`/-/pipelines/${second.id}`),
      detailed_status: expect.objectContaining({ group: 'pending' }),
    });
    expect(await gitlab.Pipelines.showLatest(projectId, { ref: 'feature' })).toMatchObject({
      id: feature.id,
      ref: 'feature',
    });
    await expect(gitlab.Pipelines.showLatest(projectId, { ref: 'no-such-branch' })).rejects.toMatchObject(
      refused(403),
    );

    // A commit without a pipeline moves the branch on: its latest pipeline is of that commit, so none.
    await gitlab.RepositoryFiles.create(projectId, 'docs.md', 'main', 'docs', 'Docs');
    await expect(gitlab.Pipelines.showLatest(projectId)).rejects.toMatchObject(refused(403));

    // One who may not read the project learns nothing of it.
    const stranger = await buildUser(t.container);
    const asStranger = gitlabClient(
      `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
      stranger.token,
    );
    await expect(asStranger.Pipelines.showLatest(projectId)).rejects.toMatchObject(
      refused(404, '404 Project Not Found'),
    );
  });
});
