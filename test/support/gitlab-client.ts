import { Gitlab } from '@gitbeaker/rest';
import { afterAll, beforeAll } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { buildProject, buildUser, type TestUser } from './factories';
import { createTestApp, type TestApp } from './test-app';

export type GitlabClient = InstanceType<typeof Gitlab>;

/** A real GitLab REST client (@gitbeaker/rest) pointed at our server, as a user's token. */
export function gitlabClient(host: string, token?: string): GitlabClient {
  return new Gitlab({ host, ...(token ? { token } : {}) });
}

export type ConformanceSetup = { t: TestApp; owner: TestUser; project: ProjectContext; gitlab: GitlabClient };

/**
 * What most conformance files start from: the server listening on a port, an owner with a project, and
 * @gitbeaker acting as that owner. Call it in a describe block; it registers beforeAll/afterAll, so the
 * fields are there once the tests run (a later beforeAll of the file can build on them).
 */
export function conformanceSetup(): ConformanceSetup {
  const setup = {} as ConformanceSetup;
  beforeAll(async () => {
    const t = await createTestApp();
    const owner = await buildUser(t.container);
    const project = await buildProject(t.container, owner);
    Object.assign(setup, { t, owner, project, gitlab: gitlabClient(await t.listen(), owner.token) });
  });
  afterAll(() => setup.t.close());
  return setup;
}
