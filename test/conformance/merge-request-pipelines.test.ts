import { describe, expect, it } from 'vitest';
import { commitCiConfig } from '../support/ci';
import { conformanceSetup } from '../support/gitlab-client';

const CONFIG = ['mr-check:', '  only: [merge_requests]', '  script: [echo "$CI_MERGE_REQUEST_IID"]'].join(
  '\n',
);

describe('merge request pipelines through @gitbeaker/rest', () => {
  const setup = conformanceSetup();

  it('runs a merge request pipeline (MergeRequests.createPipeline) and lists it first', async () => {
    const { t, owner, project, gitlab } = setup;
    const projectId = project.project.id;
    const sha = await commitCiConfig(t.app, owner, projectId, CONFIG, 'feature');
    const mr = await gitlab.MergeRequests.create(projectId, 'feature', 'main', 'Feature');
    const created = await gitlab.MergeRequests.createPipeline(projectId, mr.iid);
    expect(created).toMatchObject({
      project_id: projectId,
      ref: `refs/merge-requests/${mr.iid}/head`,
      sha,
      source: 'merge_request_event',
      status: 'pending',
      tag: false,
    });
    expect(created.user).toMatchObject({ username: owner.username });
    const listed = await gitlab.MergeRequests.allPipelines(projectId, mr.iid);
    // The one made when the request opened, and the one run now: both merge request pipelines.
    expect(listed.map((pipeline) => pipeline.source)).toEqual(['merge_request_event', 'merge_request_event']);
    expect(listed[0]!.id).toBe(created.id);
    expect(listed[1]!.id).toBeLessThan(created.id);
    await expect(gitlab.MergeRequests.createPipeline(projectId, 999)).rejects.toThrow(/Not Found/);
  });
});
