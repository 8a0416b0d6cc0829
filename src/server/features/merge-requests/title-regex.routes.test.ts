import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, buildMergeRequest } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { CachedWidget } from '../../../shared/api/mergeWidget';
import type { Project } from '../../../shared/api/projects';
import type { ProjectContext } from '../projects/projects.service';

describe('the title format check (TITLE_REGEX)', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let p: ProjectContext;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    developer = await buildUser(t.container);
    p = await buildProject(t.container, owner);
    await addProjectMember(t.container, p, developer, ACCESS_LEVELS.developer);
    await buildMergeRequest(t.container, owner, p, { source_branch: 'cart', title: 'Add a cart' });
  });
  afterAll(() => t.close());

  const projectUrl = () => `/api/v4/projects/${p.project.id}`;
  const put = (user: TestUser, payload: object) =>
    t.app.inject({ method: 'PUT', url: projectUrl(), headers: user.headers, payload });
  const settings = async () =>
    (await t.app.inject({ url: projectUrl(), headers: owner.headers })).json<Project>();
  const mergeRequest = async () =>
    (await t.app.inject({ url: `${projectUrl()}/merge_requests/1`, headers: owner.headers })).json<{
      detailed_merge_status: string;
    }>();
  const titleCheck = async () =>
    (
      await t.app.inject({
        url: `/${p.fullPath}/-/merge_requests/1/cached_widget.json`,
        headers: owner.headers,
      })
    )
      .json<CachedWidget>()
      .mergeability_checks.find((check) => check.identifier === 'TITLE_REGEX')?.status;

  it('is inactive while the project sets no regex', async () => {
    expect(await settings()).toMatchObject({
      merge_request_title_regex: null,
      merge_request_title_regex_description: null,
    });
    expect(await titleCheck()).toBe('INACTIVE');
    expect((await mergeRequest()).detailed_merge_status).toBe('mergeable');
  });

  it('fails a title that does not match, with GitLab’s detailed status title_regex', async () => {
    const response = await put(owner, {
      merge_request_title_regex: '^(feat|fix): ',
      merge_request_title_regex_description: 'Start with feat: or fix:',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      merge_request_title_regex: '^(feat|fix): ',
      merge_request_title_regex_description: 'Start with feat: or fix:',
    });
    expect(await titleCheck()).toBe('FAILED');
    expect((await mergeRequest()).detailed_merge_status).toBe('title_regex');
  });

  it('refuses the merge: 405 over REST, the spec’s blocker message in the widget’s merge call', async () => {
    const rest = await t.app.inject({
      method: 'PUT',
      url: `${projectUrl()}/merge_requests/1/merge`,
      headers: owner.headers,
    });
    expect(rest.statusCode).toBe(405);
    const { sha } = (
      await t.app.inject({ url: `${projectUrl()}/merge_requests/1`, headers: owner.headers })
    ).json<{ sha: string }>();
    const page = await t.app.inject({
      method: 'POST',
      url: `/${p.fullPath}/-/merge_requests/1/merge`,
      headers: owner.headers,
      payload: { sha },
    });
    expect(page.json()).toMatchObject({ merge_error: 'Merge request title must match expected format.' });
  });

  it('passes once the title matches', async () => {
    const edit = await t.app.inject({
      method: 'PUT',
      url: `${projectUrl()}/merge_requests/1`,
      headers: owner.headers,
      payload: { title: 'feat: add a cart' },
    });
    expect(edit.statusCode).toBe(200);
    expect(await titleCheck()).toBe('SUCCESS');
    expect((await mergeRequest()).detailed_merge_status).toBe('mergeable');
  });

  it.each([
    [{ merge_request_title_regex: '(feat' }, 'merge_request_title_regex is not a valid regular expression'],
    [
      { merge_request_title_regex: '(?=feat)x' },
      'merge_request_title_regex is not a valid regular expression',
    ],
    [
      { merge_request_title_regex: 'a'.repeat(256) },
      'merge_request_title_regex is too long (maximum is 255 characters)',
    ],
  ])('refuses %j with 400 and keeps the regex it had', async (payload, message) => {
    const response = await put(owner, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect((await settings()).merge_request_title_regex).toBe('^(feat|fix): ');
  });

  it('lets only Maintainers set it', async () => {
    const response = await put(developer, { merge_request_title_regex: '.*' });
    expect(response.statusCode).toBe(403);
    expect((await settings()).merge_request_title_regex).toBe('^(feat|fix): ');
  });

  it('is removed with an empty value', async () => {
    const response = await put(owner, { merge_request_title_regex: '' });
    expect(response.json()).toMatchObject({ merge_request_title_regex: null });
    expect(await titleCheck()).toBe('INACTIVE');
  });
});
