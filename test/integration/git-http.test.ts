import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import type { PushEvent } from '../../src/server/features/git-http/push-hooks';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { FLUSH_PKT, pktLine } from '../../src/server/git/pkt-line';
import { branchRef, resolveCommit } from '../../src/server/git/repository';
import type { BusEvent } from '../../src/server/realtime/bus';
import { addProjectMember, buildProject, buildToken, buildUser, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { cloneUrl, createGitClient, tempDir } from './git-helpers';

describe('git over smart HTTP', () => {
  let t: TestApp;
  let baseUrl: string;
  let work: string;
  let git: ReturnType<typeof createGitClient>;
  let owner: TestUser;
  let developer: TestUser;
  let maintainer: TestUser;
  let reporter: TestUser;
  let stranger: TestUser;
  let publicProject: ProjectContext;
  let privateProject: ProjectContext;
  let counter = 0;

  const as = (user: TestUser, secret = user.token) => ({ user: user.username, secret });
  const urlOf = (project: ProjectContext, user?: TestUser, secret?: string) =>
    cloneUrl(baseUrl, project.fullPath, user ? as(user, secret) : undefined);

  async function clone(url: string) {
    const dir = path.join(work, `clone-${++counter}`);
    const result = await git(work, ['clone', url, dir]);
    return { dir, result };
  }

  /** A fresh clone of the private project as `user`, with one new commit on `main`. */
  async function cloneWithCommit(user: TestUser, file = `file-${counter}.txt`) {
    const { dir, result } = await clone(urlOf(privateProject, user));
    expect(result.code, result.stderr).toBe(0);
    await writeFile(path.join(dir, file), `${file}\n`);
    await git(dir, ['add', file]);
    await git(dir, ['commit', '-m', `Add ${file}`]);
    return dir;
  }

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.listen();
    work = await tempDir('git-http-');
    git = createGitClient(work);
    owner = await buildUser(t.container);
    developer = await buildUser(t.container);
    maintainer = await buildUser(t.container);
    reporter = await buildUser(t.container);
    stranger = await buildUser(t.container);
    publicProject = await buildProject(t.container, owner, { visibility: 'public' });
    privateProject = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, privateProject, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, privateProject, maintainer, ACCESS_LEVELS.maintainer);
    await addProjectMember(t.container, privateProject, reporter, ACCESS_LEVELS.reporter);
  });
  afterAll(async () => {
    await t.close();
    await rm(work, { recursive: true, force: true });
  });

  it('clones a public project anonymously', async () => {
    const { dir, result } = await clone(urlOf(publicProject));
    expect(result.code, result.stderr).toBe(0);
    expect(await readFile(path.join(dir, 'README.md'), 'utf8')).toMatch(/^# /);
  });

  it('asks for credentials for a private project, and clones it with a token or a password', async () => {
    const anonymous = await clone(urlOf(privateProject));
    expect(anonymous.result.code).not.toBe(0);
    expect(anonymous.result.stderr).toMatch(/could not read Username|Authentication failed/);

    const withToken = await clone(urlOf(privateProject, developer));
    expect(withToken.result.code, withToken.result.stderr).toBe(0);
    expect(existsSync(path.join(withToken.dir, 'README.md'))).toBe(true);

    const withPassword = await clone(urlOf(privateProject, reporter, reporter.password));
    expect(withPassword.result.code, withPassword.result.stderr).toBe(0);
  });

  it('answers 401 with a Basic challenge, and git fails, for a wrong password', async () => {
    const info = await t.app.inject({
      url: `/${privateProject.fullPath}.git/info/refs?service=git-upload-pack`,
      headers: { authorization: `Basic ${Buffer.from(`${developer.username}:wrong`).toString('base64')}` },
    });
    expect(info.statusCode).toBe(401);
    expect(info.headers['www-authenticate']).toBe('Basic realm="Mergeway"');

    const { result } = await clone(urlOf(privateProject, developer, 'wrong-password'));
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('Authentication failed');
  });

  it('limits password guesses over git, answering 429 with Retry-After', async () => {
    const guesser = await buildUser(t.container);
    const guess = () =>
      t.app.inject({
        url: `/${privateProject.fullPath}.git/info/refs?service=git-upload-pack`,
        headers: { authorization: `Basic ${Buffer.from(`${guesser.username}:guess`).toString('base64')}` },
      });
    for (let i = 0; i < 10; i++) expect((await guess()).statusCode).toBe(401);
    const limited = await guess();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.body).toMatch(/^Too many sign-in attempts/);
  });

  it('hides a private project from a non-member as not found', async () => {
    const info = await t.app.inject({
      url: `/${privateProject.fullPath}.git/info/refs?service=git-upload-pack`,
      headers: {
        authorization: `Basic ${Buffer.from(`${stranger.username}:${stranger.token}`).toString('base64')}`,
      },
    });
    expect(info.statusCode).toBe(404);
    const { result } = await clone(urlOf(privateProject, stranger));
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(
      "remote: The project you were looking for could not be found or you don't have permission to view it.",
    );
  });

  it('pushes a new branch as a Developer', async () => {
    const dir = await cloneWithCommit(developer);
    const push = await git(dir, ['push', 'origin', 'HEAD:refs/heads/feature/login']);
    expect(push.code, push.stderr).toBe(0);
    expect(await resolveCommit(privateProject.gitDir, branchRef('feature/login'))).toBe(
      (await git(dir, ['rev-parse', 'HEAD'])).stdout.trim(),
    );
  });

  it('refuses a push to the protected branch from a Developer, leaving the branch where it was', async () => {
    const before = await resolveCommit(privateProject.gitDir, branchRef('main'));
    const dir = await cloneWithCommit(developer);
    const push = await git(dir, ['push', 'origin', 'main']);
    expect(push.code).not.toBe(0);
    expect(push.stderr).toContain(
      '! [remote rejected] main -> main (You are not allowed to push code to protected branches on this project.)',
    );
    expect(await resolveCommit(privateProject.gitDir, branchRef('main'))).toBe(before);
  });

  it('lets a Maintainer push to the protected branch, but not force-push it', async () => {
    const dir = await cloneWithCommit(maintainer);
    const push = await git(dir, ['push', 'origin', 'main']);
    expect(push.code, push.stderr).toBe(0);
    const pushed = (await git(dir, ['rev-parse', 'HEAD'])).stdout.trim();
    expect(await resolveCommit(privateProject.gitDir, branchRef('main'))).toBe(pushed);

    await git(dir, ['commit', '--amend', '-m', 'Rewritten history']);
    const force = await git(dir, ['push', '--force', 'origin', 'main']);
    expect(force.code).not.toBe(0);
    expect(force.stderr).toContain(
      'remote: You are not allowed to force push code to a protected branch on this project.',
    );
    expect(force.stderr).toContain('! [remote rejected] main -> main (pre-receive hook declined)');
    expect(await resolveCommit(privateProject.gitDir, branchRef('main'))).toBe(pushed);
  });

  it('allows a force push where the protected branch allows it, and refuses deleting it', async () => {
    await t.container.protectedBranches.protect(privateProject.project.id, {
      name: 'release/*',
      allow_force_push: true,
      push_access_level: 40,
      merge_access_level: 40,
    });
    const dir = await cloneWithCommit(maintainer);
    expect((await git(dir, ['push', 'origin', 'HEAD:refs/heads/release/1.0'])).code).toBe(0);
    await git(dir, ['commit', '--amend', '-m', 'Rewritten release']);
    const force = await git(dir, ['push', '--force', 'origin', 'HEAD:refs/heads/release/1.0']);
    expect(force.code, force.stderr).toBe(0);

    const deletion = await git(dir, ['push', 'origin', ':refs/heads/release/1.0']);
    expect(deletion.stderr).toContain(
      '! [remote rejected] release/1.0 (You can only delete protected branches using the web interface.)',
    );
    expect(await resolveCommit(privateProject.gitDir, branchRef('release/1.0'))).not.toBeNull();
  });

  it('refuses branch names that start with - or that git or GitLab forbid, writing nothing', async () => {
    const dir = await cloneWithCommit(developer);
    for (const name of ['-x', 'HEAD', 'a'.repeat(40).replace(/a/g, 'f')]) {
      const push = await git(dir, ['push', 'origin', `HEAD:refs/heads/${name}`]);
      expect(push.code, name).not.toBe(0);
      expect(push.stderr).toMatch(
        /\[remote rejected\].*\((Branch name is invalid\.|You cannot create a branch with a 40-character hexadecimal branch name\.)\)/,
      );
    }
    const other = await git(dir, ['push', 'origin', 'HEAD:refs/notes/x']);
    expect(other.stderr).toContain('(You can only push branches and tags.)');
    const heads = await git(dir, ['ls-remote', 'origin']);
    expect(heads.stdout).not.toMatch(/refs\/heads\/-x|refs\/heads\/HEAD|refs\/notes/);
  });

  it('refuses every ref of a push when one is refused', async () => {
    const dir = await cloneWithCommit(developer);
    const push = await git(dir, ['push', 'origin', 'HEAD:refs/heads/ok-branch', 'HEAD:refs/heads/main']);
    expect(push.stderr).toContain('ok-branch (Not updated: another ref in this push was refused.)');
    expect(await resolveCommit(privateProject.gitDir, branchRef('ok-branch'))).toBeNull();
  });

  it('refuses a push from a Reporter with 403 and a message', async () => {
    const dir = await cloneWithCommit(reporter);
    const push = await git(dir, ['push', 'origin', 'HEAD:refs/heads/reporter-branch']);
    expect(push.code).not.toBe(0);
    expect(push.stderr).toContain('remote: You are not allowed to push code to this project.');
    expect(push.stderr).toContain('403');
  });

  it('lets a read_repository token clone but not push', async () => {
    const token = await buildToken(t.container, developer, ['read_repository'], 'read only');
    const { dir, result } = await clone(urlOf(privateProject, developer, token));
    expect(result.code, result.stderr).toBe(0);
    await git(dir, ['commit', '--allow-empty', '-m', 'Empty']);
    const push = await git(dir, ['push', 'origin', 'HEAD:refs/heads/read-only']);
    expect(push.code).not.toBe(0);
    expect(push.stderr).toContain('remote: You are not allowed to upload code.');
  });

  it('runs the push hooks with what changed, and announces the push on the bus', async () => {
    const events: PushEvent[] = [];
    const busEvents: BusEvent[] = [];
    const unsubscribe = t.container.pushHooks.subscribe(async (event) => void events.push(event));
    const stopListening = t.container.bus.subscribe((event) => busEvents.push(event));
    try {
      const dir = await cloneWithCommit(developer);
      const oldSha = await resolveCommit(privateProject.gitDir, branchRef('feature/login'));
      const push = await git(dir, [
        'push',
        '--force',
        'origin',
        'HEAD:refs/heads/feature/login',
        'HEAD:refs/heads/hooked',
      ]);
      expect(push.code, push.stderr).toBe(0);
      const newSha = (await git(dir, ['rev-parse', 'HEAD'])).stdout.trim();
      expect(events).toHaveLength(1);
      expect(events[0]?.project.project.id).toBe(privateProject.project.id);
      expect(events[0]?.actor.id).toBe(developer.id);
      expect(events[0]?.changes).toEqual([
        { ref: 'refs/heads/feature/login', oldSha, newSha },
        { ref: 'refs/heads/hooked', oldSha: '0'.repeat(40), newSha },
      ]);
      expect(busEvents).toContainEqual({
        type: 'repository.pushed',
        projectId: privateProject.project.id,
        refs: ['refs/heads/feature/login', 'refs/heads/hooked'],
      });
    } finally {
      unsubscribe();
      stopListening();
    }
  });

  it('speaks protocol v2 and reads gzip-encoded requests', async () => {
    const body = gzipSync(Buffer.concat([pktLine('command=ls-refs\n'), FLUSH_PKT]));
    const response = await t.app.inject({
      method: 'POST',
      url: `/${publicProject.fullPath}.git/git-upload-pack`,
      headers: {
        'content-type': 'application/x-git-upload-pack-request',
        'content-encoding': 'gzip',
        'git-protocol': 'version=2',
      },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-git-upload-pack-result');
    expect(response.headers['cache-control']).toBe('no-cache, max-age=0, must-revalidate');
    const main = await resolveCommit(publicProject.gitDir, branchRef('main'));
    expect(response.body).toContain(`${main} refs/heads/main`);
  });

  it('starts a v0 advertisement with the service line', async () => {
    const response = await t.app.inject({
      url: `/${publicProject.fullPath}.git/info/refs?service=git-upload-pack`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-git-upload-pack-advertisement');
    expect(response.body.startsWith('001e# service=git-upload-pack\n0000')).toBe(true);
  });
});
