import { describe, expect, it } from 'vitest';
import { conformanceSetup } from '../support/gitlab-client';
import { buildMergeRequest } from '../support/merge-request-factories';

describe('labels through @gitbeaker/rest', () => {
  const setup = conformanceSetup();

  it('creates, lists, shows, edits and removes project labels', async () => {
    const { project, gitlab } = setup;
    const created = await gitlab.ProjectLabels.create(project.project.id, 'bug', '#d9534f', {
      description: 'Broken',
      priority: 1,
    });
    expect(created).toMatchObject({
      name: 'bug',
      color: '#d9534f',
      text_color: '#000000',
      description: 'Broken',
      priority: 1,
      is_project_label: true,
      subscribed: false,
    });
    await gitlab.ProjectLabels.create(project.fullPath, 'docs', 'teal');
    const all = await gitlab.ProjectLabels.all(project.project.id, { withCounts: true });
    expect(all.map((label) => [label.name, label.color, label.open_issues_count])).toEqual([
      ['bug', '#d9534f', 0],
      ['docs', '#008080', 0],
    ]);
    const shown = await gitlab.ProjectLabels.show(project.project.id, 'docs');
    const edited = await gitlab.ProjectLabels.edit(project.project.id, shown.id, {
      newName: 'documentation',
    });
    expect(edited).toMatchObject({ id: shown.id, name: 'documentation' });
    await gitlab.ProjectLabels.remove(project.project.id, shown.id);
    const left = await gitlab.ProjectLabels.all(project.project.id);
    expect(left.map((label) => label.name)).toEqual(['bug']);
  });

  it('puts labels on a merge request and filters by them', async () => {
    const { t, owner, project, gitlab } = setup;
    const mr = await buildMergeRequest(t.container, owner, project);
    const iid = mr.mergeRequest.iid;
    const edited = await gitlab.MergeRequests.edit(project.project.id, iid, { labels: 'bug,triage' });
    expect(edited.labels).toEqual(['bug', 'triage']);
    const more = await gitlab.MergeRequests.edit(project.project.id, iid, {
      addLabels: 'later',
      removeLabels: 'triage',
    });
    expect(more.labels).toEqual(['bug', 'later']);
    const listed = await gitlab.MergeRequests.all({ projectId: project.project.id, labels: 'later' });
    expect(listed.map((row) => row.iid)).toEqual([iid]);
  });
});
