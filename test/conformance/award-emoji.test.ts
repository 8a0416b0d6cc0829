import { describe, expect, it } from 'vitest';
import { conformanceSetup } from '../support/gitlab-client';
import { buildMergeRequest } from '../support/merge-request-factories';

describe('award emoji through @gitbeaker/rest', () => {
  const setup = conformanceSetup();

  it('awards, lists, shows and removes emoji on a merge request', async () => {
    const { t, owner, project, gitlab } = setup;
    const mr = await buildMergeRequest(t.container, owner, project);
    const iid = mr.mergeRequest.iid;
    const award = await gitlab.MergeRequestAwardEmojis.award(project.project.id, iid, 'thumbsup');
    expect(award).toMatchObject({
      name: 'thumbsup',
      awardable_id: mr.mergeRequest.id,
      awardable_type: 'MergeRequest',
      user: { username: owner.username },
    });
    await gitlab.MergeRequestAwardEmojis.award(project.fullPath, iid, 'tada');

    const all = await gitlab.MergeRequestAwardEmojis.all(project.project.id, iid);
    expect(all.map((a) => a.name)).toEqual(['thumbsup', 'tada']);
    const shown = await gitlab.MergeRequestAwardEmojis.show(project.project.id, iid, award.id);
    expect(shown.id).toBe(award.id);

    await gitlab.MergeRequestAwardEmojis.remove(project.project.id, iid, award.id);
    const left = await gitlab.MergeRequestAwardEmojis.all(project.project.id, iid);
    expect(left.map((a) => a.name)).toEqual(['tada']);
  });

  it('awards emoji on a merge request note', async () => {
    const { t, owner, project, gitlab } = setup;
    const mr = await buildMergeRequest(t.container, owner, project);
    const iid = mr.mergeRequest.iid;
    const note = await gitlab.MergeRequestNotes.create(project.project.id, iid, 'Looks right');
    const award = await gitlab.MergeRequestNoteAwardEmojis.award(project.project.id, iid, note.id, 'heart');
    expect(award).toMatchObject({ name: 'heart', awardable_type: 'Note', awardable_id: note.id });
    const all = await gitlab.MergeRequestNoteAwardEmojis.all(project.project.id, iid, note.id);
    expect(all.map((a) => a.name)).toEqual(['heart']);
  });

  it('awards and lists emoji on an issue', async () => {
    const { t, owner, project, gitlab } = setup;
    const { record: issue } = await t.container.issues.create(owner, project.project.id, {
      title: 'Crash on start',
    });
    const iid = issue.issue.iid;
    const award = await gitlab.IssueAwardEmojis.award(project.project.id, iid, 'eyes');
    expect(award).toMatchObject({ name: 'eyes', awardable_type: 'Issue', awardable_id: issue.issue.id });
    const all = await gitlab.IssueAwardEmojis.all(project.project.id, iid);
    expect(all.map((a) => a.name)).toEqual(['eyes']);
  });

  it('answers a name that is no emoji with a GitLab error', async () => {
    const { t, owner, project, gitlab } = setup;
    const mr = await buildMergeRequest(t.container, owner, project);
    await expect(
      gitlab.MergeRequestAwardEmojis.award(project.project.id, mr.mergeRequest.iid, '<b>x</b>'),
    ).rejects.toMatchObject({ cause: { response: { status: 404 } } });
  });
});
