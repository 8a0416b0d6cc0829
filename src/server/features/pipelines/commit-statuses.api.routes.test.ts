import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

type Status = {
  id: number;
  sha: string;
  ref: string;
  status: string;
  name: string;
  target_url: string | null;
  description: string | null;
  coverage: number | null;
  pipeline_id: number;
  author: { username: string } | null;
};
type MergeRequest = {
  iid: number;
  sha: string;
  detailed_merge_status: string;
  head_pipeline: { id: number; status: string; source: string } | null;
};

describe('commit statuses from external CI: jobs of an external stage the merge request waits for', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let reporter: TestUser;
  let project: ProjectContext;
  let sha: string;
  let iid: number;

  const url = (path: string) => `/api/v4/projects/${project.project.id}${path}`;
  const send = (user: TestUser, method: 'POST' | 'PUT' | 'GET', path: string, payload?: object) =>
    t.app.inject({ method, url: url(path), headers: user.headers, ...(payload ? { payload } : {}) });
  const report = (payload: object, user = developer) => send(user, 'POST', `/statuses/${sha}`, payload);
  const mergeRequest = async () => (await send(owner, 'GET', `/merge_requests/${iid}`)).json<MergeRequest>();

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    developer = await buildUser(t.container);
    reporter = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
    await send(owner, 'PUT', '', { only_allow_merge_if_pipeline_succeeds: true });
    const file = await send(owner, 'POST', '/repository/files/CHANGE.md', {
      branch: 'feature',
      start_branch: 'main',
      content: 'a change',
      commit_message: 'A change checked by another CI',
    });
    expect(file.statusCode, file.body).toBe(201);
    const mr = await send(owner, 'POST', '/merge_requests', {
      source_branch: 'feature',
      target_branch: 'main',
      title: 'Checked elsewhere',
    });
    ({ iid, sha } = mr.json<MergeRequest>());
  });
  afterAll(() => t.close());

  it('makes an external pipeline for the commit and ref; its job is the status, in GitLab’s shape', async () => {
    const created = await report({
      state: 'pending',
      ref: 'feature',
      name: 'jenkins/build',
      target_url: 'https://ci.example.com/build/1',
      description: 'Queued',
    });
    expect(created.statusCode, created.body).toBe(201);
    const status = created.json<Status>();
    expect(status).toMatchObject({
      sha,
      ref: 'feature',
      status: 'pending',
      name: 'jenkins/build',
      target_url: 'https://ci.example.com/build/1',
      description: 'Queued',
      coverage: null,
      author: { username: developer.username },
    });
    const pipeline = await send(owner, 'GET', `/pipelines/${status.pipeline_id}`);
    expect(pipeline.json()).toMatchObject({ source: 'external', status: 'pending', sha, ref: 'feature' });
    const mr = await mergeRequest();
    expect(mr.head_pipeline).toMatchObject({ id: status.pipeline_id, status: 'pending' });
    expect(mr.detailed_merge_status).toBe('ci_still_running');
  });

  it('moves the same job on (running, then success), and the merge request may merge', async () => {
    const running = await report({
      state: 'running',
      ref: 'feature',
      context: 'jenkins/build',
      coverage: 71.5,
    });
    expect(running.statusCode, running.body).toBe(201);
    expect(running.json<Status>()).toMatchObject({
      status: 'running',
      description: 'Queued',
      coverage: 71.5,
    });
    const again = await report({ state: 'running', ref: 'feature', name: 'jenkins/build' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message:
        'Cannot transition status via :run from :running (Reason(s): Status cannot transition via "run")',
    });
    const done = await report({ state: 'success', ref: 'feature', name: 'jenkins/build' });
    expect(done.json<Status>().id).toBe(running.json<Status>().id);
    const mr = await mergeRequest();
    expect(mr.head_pipeline?.status).toBe('success');
    expect(mr.detailed_merge_status).toBe('mergeable');
  });

  it('a failed status fails the pipeline and blocks the merge; a later report makes a new job', async () => {
    const failed = await report({ state: 'failed', ref: 'feature', name: 'lint' });
    expect(failed.statusCode).toBe(201);
    let mr = await mergeRequest();
    expect(mr.head_pipeline?.status).toBe('failed');
    expect(mr.detailed_merge_status).toBe('ci_must_pass');
    const retried = await report({ state: 'success', ref: 'feature', name: 'lint' });
    expect(retried.json<Status>().id).not.toBe(failed.json<Status>().id);
    mr = await mergeRequest();
    expect(mr.head_pipeline?.status).toBe('success');
    const latest = await send(reporter, 'GET', `/repository/commits/${sha}/statuses`);
    expect(latest.json<Status[]>().map((s) => `${s.name}:${s.status}`)).toEqual([
      'jenkins/build:success',
      'lint:success',
    ]);
    const all = await send(reporter, 'GET', `/repository/commits/${sha}/statuses?all=true&name=lint`);
    expect(all.json<Status[]>().map((s) => s.status)).toEqual(['failed', 'success']);
  });

  it('answers GitLab’s errors: bad state, unknown commit, Reporters; nothing is written', async () => {
    const bad = await report({ state: 'done', ref: 'feature' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'state does not have a valid value' });
    const unknown = await send(developer, 'POST', `/statuses/${'0'.repeat(40)}`, { state: 'success' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: '404 Commit Not Found' });
    expect((await report({ state: 'success', ref: 'feature' }, reporter)).statusCode).toBe(403);
    const listed = await send(reporter, 'GET', `/repository/commits/${sha}/statuses?all=true`);
    expect(listed.json<Status[]>()).toHaveLength(3);
  });
});
