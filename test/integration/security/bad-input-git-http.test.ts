import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import { FLUSH_PKT, pktLine } from '../../../src/server/git/pkt-line';
import { branchRef, resolveCommit } from '../../../src/server/git/repository';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

const SERVICES = ['git-upload-pack', 'git-receive-pack'] as const;

/** Content types git never sends for a service request (undefined: none at all). */
const WRONG_TYPES = [
  'text/plain',
  'application/json',
  'application/x-www-form-urlencoded',
  'application/x-git-upload-pack-result',
  undefined,
] as const;

/** What a client waits for an answer before calling it none. */
const PATIENCE_MS = 5_000;

/**
 * git's service requests have their own content types; any other answers 415 at once, over a real
 * socket (a receive-pack with `text/plain` never answered; an upload-pack answered an empty 200).
 */
describe('git over HTTP with a wrong content type', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'private' });
    base = await t.listen();
  });
  afterAll(() => t.close());

  const basic = () => `Basic ${Buffer.from(`${owner.username}:${owner.token}`).toString('base64')}`;

  for (const service of SERVICES)
    it(`${service}: answers 415 at once, and changes nothing`, async () => {
      const head = await resolveCommit(project.gitDir, branchRef('main'));
      for (const type of WRONG_TYPES) {
        // A ref update as a push sends it (without its pack): it must not reach git.
        const body = Buffer.concat([
          pktLine(`${head} ${'1'.repeat(40)} refs/heads/main\0 report-status\n`),
          FLUSH_PKT,
        ]);
        const response = await fetch(`${base}/${project.fullPath}.git/${service}`, {
          method: 'POST',
          headers: { authorization: basic(), ...(type ? { 'content-type': type } : {}) },
          body,
          signal: AbortSignal.timeout(PATIENCE_MS),
        });
        expect([response.status, await response.text()], String(type)).toEqual([
          415,
          `Unsupported Media Type: expected application/x-${service}-request\n`,
        ]);
      }
      expect(await resolveCommit(project.gitDir, branchRef('main'))).toBe(head);
    });

  it('still serves a request of the right type', async () => {
    const response = await fetch(`${base}/${project.fullPath}.git/git-upload-pack`, {
      method: 'POST',
      headers: {
        authorization: basic(),
        'content-type': 'application/x-git-upload-pack-request',
        'git-protocol': 'version=2',
      },
      body: Buffer.concat([pktLine('command=ls-refs\n'), FLUSH_PKT]),
      signal: AbortSignal.timeout(PATIENCE_MS),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('refs/heads/main');
  });
});
