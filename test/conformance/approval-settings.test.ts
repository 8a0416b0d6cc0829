import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildProject, buildUser } from '../support/factories';
import { conformanceSetup, gitlabClient } from '../support/gitlab-client';
import { runPythonGitlab } from '../support/python-gitlab';

const urlOf = (setup: ReturnType<typeof conformanceSetup>) =>
  `http://127.0.0.1:${(setup.t.app.server.address() as AddressInfo).port}`;

/**
 * The instance's and a group's approval settings through the clients people run: python-gitlab's
 * `gl.settings` and its raw HTTP for the group endpoint (it has no manager for it), @gitbeaker's
 * ApplicationSettings.
 */
describe('approval settings above the project through GitLab clients', () => {
  const setup = conformanceSetup();

  it('python-gitlab: an administrator locks the instance, an Owner the group, and the project is refused', async () => {
    const { t, owner } = setup;
    const admin = await buildUser(t.container, { admin: true });
    const group = await t.container.groups.createGroup(owner, { name: 'Acme', path: 'acme' });
    const project = await buildProject(t.container, owner, { namespace_id: group.group.id });
    const results = await runPythonGitlab<Record<string, unknown>>(
      'approval_settings.py',
      { url: urlOf(setup), token: owner.token },
      { admin_token: admin.token, group_id: group.group.id, project_id: project.project.id },
    );
    expect(results).toEqual({
      instance_before: false,
      instance_after: true,
      instance_as_owner: { status: 403, message: '403 Forbidden', error: 'GitlabGetError' },
      group_put: { value: false, locked: false, inherited_from: null, inherited_from_group: null },
      group_get: { value: false, locked: true, inherited_from: 'instance', inherited_from_group: null },
      project_relax: {
        status: 403,
        message:
          'This setting is configured in Acme and can only be changed in the group settings by an administrator or group owner.',
        error: 'GitlabUpdateError',
      },
      project_settings: [false, true],
    });
    await setup.t.app.inject({
      method: 'PUT',
      url: '/api/v4/application/settings',
      headers: admin.headers,
      payload: { prevent_merge_requests_author_approval: false },
    });
  });

  it('@gitbeaker/rest: ApplicationSettings show and edit the instance settings, for administrators only', async () => {
    const { t, gitlab } = setup;
    const admin = await buildUser(t.container, { admin: true });
    const asAdmin = gitlabClient(urlOf(setup), admin.token);
    const edited = await asAdmin.ApplicationSettings.edit({
      prevent_merge_requests_committers_approval: true,
    });
    expect(edited).toMatchObject({ prevent_merge_requests_committers_approval: true });
    expect(await asAdmin.ApplicationSettings.show()).toMatchObject({
      prevent_merge_requests_author_approval: false,
      prevent_merge_requests_committers_approval: true,
      disable_overriding_approvers_per_merge_request: false,
    });
    await expect(gitlab.ApplicationSettings.show()).rejects.toThrow(/Forbidden/);
    await asAdmin.ApplicationSettings.edit({ prevent_merge_requests_committers_approval: false });
  });
});
