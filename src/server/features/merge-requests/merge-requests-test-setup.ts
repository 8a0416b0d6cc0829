import { afterAll, beforeAll, expect } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { MergeRequest } from '../../../shared/api/mergeRequests';
import type { ProjectContext } from '../projects/projects.service';

/**
 * What the merge requests API test files start from: an app with an owner and a private project, and
 * plain REST calls as a user. Call it in a describe block; it registers beforeAll/afterAll, so `t`,
 * `owner` and `project` are there once the tests run.
 */
export function mergeRequestsTestSetup() {
  const app = {} as { t: TestApp; owner: TestUser; project: ProjectContext };
  beforeAll(async () => {
    app.t = await createTestApp();
    app.owner = await buildUser(app.t.container, { name: 'Olivia Owner' });
    app.project = await buildProject(app.t.container, app.owner, { visibility: 'private' });
  });
  afterAll(() => app.t.close());

  const api = (project: ProjectContext) => `/api/v4/projects/${project.project.id}/merge_requests`;

  async function post(user: TestUser | null, url: string, payload: Record<string, unknown>) {
    return app.t.app.inject({ method: 'POST', url, payload, headers: user?.headers ?? {} });
  }
  async function put(user: TestUser | null, url: string, payload: Record<string, unknown>) {
    return app.t.app.inject({ method: 'PUT', url, payload, headers: user?.headers ?? {} });
  }
  async function get(user: TestUser | null, url: string) {
    return app.t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
  }

  async function listIids(url: string, user: TestUser | null = app.owner): Promise<number[]> {
    const response = await get(user, url);
    expect(response.statusCode).toBe(200);
    return response.json<MergeRequest[]>().map((mr) => mr.iid);
  }

  return {
    get t() {
      return app.t;
    },
    get owner() {
      return app.owner;
    },
    get project() {
      return app.project;
    },
    api,
    post,
    put,
    get,
    listIids,
  };
}
