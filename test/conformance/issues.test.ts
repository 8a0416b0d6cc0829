import { describe, expect, it } from 'vitest';
import { buildProject } from '../support/factories';
import { conformanceSetup } from '../support/gitlab-client';

describe('issues through @gitbeaker/rest', () => {
  const setup = conformanceSetup();

  it('creates, lists, shows, edits, closes, reopens and removes an issue', async () => {
    const { owner, project, gitlab } = setup;
    const created = await gitlab.Issues.create(project.project.id, 'Crash on start', {
      description: 'Stack trace *attached*',
      assigneeIds: [owner.id],
      labels: 'bug',
    });
    expect(created).toMatchObject({
      iid: 1,
      title: 'Crash on start',
      state: 'opened',
      type: 'ISSUE',
      author: { username: owner.username },
      assignees: [{ username: owner.username }],
      references: { full: `${project.fullPath}#1` },
    });
    const incident = await gitlab.Issues.create(project.fullPath, 'Database down', { issueType: 'incident' });
    expect(incident).toMatchObject({ iid: 2, issue_type: 'incident', type: 'INCIDENT' });

    const listed = await gitlab.Issues.all({ projectId: project.project.id, state: 'opened' });
    expect(listed.map((issue) => issue.iid)).toEqual([2, 1]);
    const incidents = await gitlab.Issues.all({ projectId: project.project.id, issueType: 'incident' });
    expect(incidents.map((issue) => issue.iid)).toEqual([2]);
    const picked = await gitlab.Issues.all({ projectId: project.project.id, iids: [1] });
    expect(picked.map((issue) => issue.iid)).toEqual([1]);
    const mine = await gitlab.Issues.all({ scope: 'assigned_to_me' });
    expect(mine.map((issue) => issue.title)).toEqual(['Crash on start']);

    const shown = await gitlab.Issues.show(1, { projectId: project.fullPath });
    expect(shown).toMatchObject({ id: created.id, description: 'Stack trace *attached*' });

    const edited = await gitlab.Issues.edit(project.project.id, 1, {
      title: 'Crash on start-up',
      discussionLocked: true,
      confidential: true,
    });
    expect(edited).toMatchObject({ title: 'Crash on start-up', discussion_locked: true, confidential: true });
    const closed = await gitlab.Issues.edit(project.project.id, 1, { stateEvent: 'close' });
    expect(closed).toMatchObject({ state: 'closed', closed_by: { username: owner.username } });
    const reopened = await gitlab.Issues.edit(project.project.id, 1, { stateEvent: 'reopen' });
    expect(reopened).toMatchObject({ state: 'opened', closed_by: null });

    await gitlab.Issues.remove(project.project.id, 1);
    await expect(gitlab.Issues.show(1, { projectId: project.project.id })).rejects.toMatchObject({
      cause: { response: { status: 404 } },
    });
  });

  it('pages with GitLab’s headers, which the client follows', async () => {
    const { t, owner, gitlab } = setup;
    const p = await buildProject(t.container, owner);
    for (let i = 1; i <= 5; i++) await gitlab.Issues.create(p.project.id, `Issue ${i}`);
    const { data, paginationInfo } = await gitlab.Issues.all({
      projectId: p.project.id,
      perPage: 2,
      showExpanded: true,
      maxPages: 1,
    });
    expect(data).toHaveLength(2);
    expect(paginationInfo).toMatchObject({ total: 5, totalPages: 3, next: 2, current: 1 });
    const all = await gitlab.Issues.all({ projectId: p.project.id, perPage: 2 });
    expect(all.map((issue) => issue.title)).toEqual(['Issue 5', 'Issue 4', 'Issue 3', 'Issue 2', 'Issue 1']);
  });
});
