import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { gitlabClient } from '../support/gitlab-client';
import { addProjectMember, pushFile } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('merge request assignees and metric images through @gitbeaker/rest', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let project: ProjectContext;
  let gitlab: ReturnType<typeof gitlabClient>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    developer = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    gitlab = gitlabClient(await t.listen(), owner.token);
  });
  afterAll(() => t.close());

  it('creates a merge request with assignees, reassigns it and filters by assignee', async () => {
    await pushFile(project, 'feature/assign', { path: 'a.txt', content: 'a\n' });
    const created = await gitlab.MergeRequests.create(
      project.project.id,
      'feature/assign',
      'main',
      'Assign me',
      {
        assigneeIds: [developer.id],
      },
    );
    expect(created).toMatchObject({
      assignee: { id: developer.id, username: developer.username },
      assignees: [{ id: developer.id, username: developer.username }],
    });
    const edited = await gitlab.MergeRequests.edit(project.project.id, created.iid, { assigneeId: owner.id });
    expect(edited.assignees).toMatchObject([{ id: owner.id }]);
    const mine = await gitlab.MergeRequests.all({ projectId: project.project.id, assigneeId: owner.id });
    expect(mine.map((mr) => mr.iid)).toEqual([created.iid]);
    const theirs = await gitlab.MergeRequests.all({
      projectId: project.project.id,
      assigneeId: developer.id,
    });
    expect(theirs).toEqual([]);
  });

  it('uploads, lists, edits and removes an incident’s metric images', async () => {
    const incident = await gitlab.Issues.create(project.project.id, 'Latency spike', {
      issueType: 'incident',
    });
    const uploaded = await gitlab.Issues.uploadMetricImage(
      project.project.id,
      incident.iid,
      { content: new Blob([PNG]), filename: 'latency.png' },
      { url: 'https://grafana.example.com/d/latency', urlText: 'Latency' },
    );
    expect(uploaded).toMatchObject({
      filename: 'latency.png',
      url: 'https://grafana.example.com/d/latency',
      url_text: 'Latency',
    });
    const listed = await gitlab.Issues.allMetricImages(project.project.id, incident.iid);
    expect(listed.map((image) => image.id)).toEqual([uploaded.id]);
    const edited = await gitlab.Issues.editMetricImage(project.project.id, incident.iid, uploaded.id, {
      urlText: 'p99 latency',
    });
    expect(edited).toMatchObject({ url_text: 'p99 latency' });
    await gitlab.Issues.removeMetricImage(project.project.id, incident.iid, uploaded.id);
    expect(await gitlab.Issues.allMetricImages(project.project.id, incident.iid)).toEqual([]);
  });
});
