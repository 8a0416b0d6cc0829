import { describe, expect, it } from 'vitest';
import { conformanceSetup } from '../support/gitlab-client';
import { buildMergeRequest } from '../support/merge-request-factories';

describe('external status checks through @gitbeaker/rest', () => {
  const setup = conformanceSetup();

  it('creates, edits, lists and removes a project’s checks', async () => {
    const { project, gitlab } = setup;
    const check = await gitlab.ExternalStatusChecks.create(
      project.project.id,
      'Compliance',
      'https://compliance.example.com/hook',
    );
    expect(check).toMatchObject({
      name: 'Compliance',
      project_id: project.project.id,
      external_url: 'https://compliance.example.com/hook',
      protected_branches: [],
    });
    const edited = await gitlab.ExternalStatusChecks.edit(project.project.id, check.id, { name: 'Legal' });
    expect(edited.name).toBe('Legal');
    const all = await gitlab.ExternalStatusChecks.all(project.project.id);
    expect(all.map((c) => c.name)).toEqual(['Legal']);
    await gitlab.ExternalStatusChecks.remove(project.project.id, check.id);
    expect(await gitlab.ExternalStatusChecks.all(project.project.id)).toEqual([]);
  });

  it('lists a merge request’s checks and takes an answer for its head', async () => {
    const { t, owner, project, gitlab } = setup;
    const check = await gitlab.ExternalStatusChecks.create(
      project.project.id,
      'Security',
      'https://security.example.com/hook',
    );
    const mr = await buildMergeRequest(t.container, owner, project);
    const iid = mr.mergeRequest.iid;
    const pending = await gitlab.ExternalStatusChecks.all(project.project.id, { mergerequestIId: iid });
    expect(pending).toEqual([
      {
        id: check.id,
        name: 'Security',
        external_url: 'https://security.example.com/hook',
        status: 'pending',
      },
    ]);
    await gitlab.ExternalStatusChecks.set(project.project.id, iid, mr.mergeRequest.headSha ?? '', check.id, {
      status: 'passed',
    });
    const passed = await gitlab.ExternalStatusChecks.all(project.project.id, { mergerequestIId: iid });
    expect(passed.map((c) => c.status)).toEqual(['passed']);
  });
});
