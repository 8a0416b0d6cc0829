import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { Project } from '../../../shared/api/projects';
import type { ProjectContext } from './projects.service';

describe('project merge settings over the API', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
  });
  afterAll(() => t.close());

  const url = () => `/api/v4/projects/${project.project.id}`;
  const put = (user: TestUser, payload: object) =>
    t.app.inject({ method: 'PUT', url: url(), headers: user.headers, payload });
  const settings = async () =>
    (await t.app.inject({ method: 'GET', url: url(), headers: owner.headers })).json<Project>();

  it('starts from GitLab’s defaults', async () => {
    expect(await settings()).toMatchObject({
      merge_method: 'merge',
      squash_option: 'default_off',
      only_allow_merge_if_pipeline_succeeds: false,
      only_allow_merge_if_all_discussions_are_resolved: false,
      remove_source_branch_after_merge: true,
      merge_commit_template: null,
      squash_commit_template: null,
    });
  });

  it('lets a Maintainer change every merge setting, booleans also as text', async () => {
    const response = await put(owner, {
      merge_method: 'rebase_merge',
      squash_option: 'always',
      only_allow_merge_if_pipeline_succeeds: 'true',
      only_allow_merge_if_all_discussions_are_resolved: true,
      remove_source_branch_after_merge: false,
      merge_commit_template: "Merge '%{source_branch}'\n\n%{title}",
      squash_commit_template: '%{title} (%{reference})',
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      merge_method: 'rebase_merge',
      squash_option: 'always',
      only_allow_merge_if_pipeline_succeeds: true,
      only_allow_merge_if_all_discussions_are_resolved: true,
      remove_source_branch_after_merge: false,
      merge_commit_template: "Merge '%{source_branch}'\n\n%{title}",
      squash_commit_template: '%{title} (%{reference})',
    };
    expect(response.json()).toMatchObject(expected);
    expect(await settings()).toMatchObject(expected);
  });

  it('clears a template with an empty string, leaving the other settings alone', async () => {
    const response = await put(owner, { merge_commit_template: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      merge_commit_template: null,
      squash_commit_template: '%{title} (%{reference})',
      merge_method: 'rebase_merge',
    });
  });

  it.each([
    [{ merge_method: 'squash' }, 'merge_method does not have a valid value'],
    [{ squash_option: 'sometimes' }, 'squash_option does not have a valid value'],
    [{ remove_source_branch_after_merge: 'maybe' }, 'remove_source_branch_after_merge is invalid'],
    [{ merge_commit_template: 'x'.repeat(501) }, 'merge_commit_template is too long (maximum is 500)'],
  ])('refuses %j with 400 and changes nothing', async (payload, message) => {
    const before = await settings();
    const response = await put(owner, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await settings()).toEqual(before);
  });

  it('refuses the change to a Developer', async () => {
    const developer = await buildUser(t.container);
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    const response = await put(developer, { merge_method: 'ff' });
    expect(response.statusCode).toBe(403);
    expect((await settings()).merge_method).toBe('rebase_merge');
  });
});
