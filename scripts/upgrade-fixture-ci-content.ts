/**
 * The CI content of an upgrade fixture, for a release that has CI/CD (pipelines, runners,
 * schedules and approvals: migration 0023 and later). Run by scripts/make-upgrade-fixture.sh after
 * scripts/upgrade-fixture-content.ts, with the release's embedded runner running, it adds through
 * the REST API and a real `git push` what a team's instance holds: a project whose pushed
 * `.gitlab-ci.yml` ran a pipeline to success on the embedded runner (a job with a trace and an
 * artifact, and a job that failed, allowed to), a masked CI/CD variable the trace printed, a
 * project runner, a pipeline schedule, and an approval rule with an approval on a merge request.
 * Prints the facts the upgrade test needs (the token it made) as JSON.
 *
 *   node --import tsx scripts/upgrade-fixture-ci-content.ts <base url> <root password>
 */

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';

type Json = Record<string, unknown>;

const [base, rootPassword] = process.argv.slice(2);
if (!base || !rootPassword) {
  console.error('usage: upgrade-fixture-ci-content.ts <base url> <root password>');
  process.exit(2);
}

/** Masked in every trace: at least 8 characters of GitLab's maskable alphabet. */
const DEPLOY_TOKEN = 'fixture-deploy-8c1f2e';

const CI_CONFIG = `stages: [build, test]

package:
  stage: build
  script:
    - mkdir -p dist
    - echo "builds $CI_COMMIT_REF_NAME" > dist/build.txt
    - echo "Deploying with $DEPLOY_TOKEN"
    - cat dist/build.txt
  artifacts:
    paths: [dist/]
    expire_in: never

smoke:
  stage: test
  allow_failure: true
  script:
    - echo "Smoke test against staging"
    - exit 3
`;

async function call<T = Json>(token: string, method: string, path: string, body?: Json): Promise<T> {
  const headers: Record<string, string> = token.startsWith('glpat-')
    ? { 'PRIVATE-TOKEN': token }
    : { Authorization: `Bearer ${token}` };
  const init: RequestInit = { method, headers };
  if (body) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`${base}${path}`, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

const signIn = await fetch(`${base}/oauth/token`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ grant_type: 'password', username: 'root', password: rootPassword }),
});
if (!signIn.ok) throw new Error(`sign in as root: ${signIn.status} ${await signIn.text()}`);
const root = ((await signIn.json()) as { access_token: string }).access_token;
const userId = async (username: string) =>
  (await call<Array<{ id: number }>>(root, 'GET', `/api/v4/users?username=${username}`))[0]!.id;
const rootHeaders = { Authorization: `Bearer ${root}`, 'Content-Type': 'application/json' };
const tokenFor = async (username: string, scopes: string[]) => {
  const response = await fetch(`${base}/api/v4/users/${await userId(username)}/personal_access_tokens`, {
    method: 'POST',
    headers: rootHeaders,
    body: JSON.stringify({ name: `upgrade fixture CI (${scopes.join(', ')})`, scopes }),
  });
  if (!response.ok) throw new Error(`token for ${username}: ${response.status} ${await response.text()}`);
  return { username, scopes, token: ((await response.json()) as { token: string }).token };
};
const aliceToken = await tokenFor('alice', ['api']);
const alice = aliceToken.token;

// A project of the demo group, its secret first so that the pipeline's trace masks it.
const group = await call<{ id: number }>(alice, 'GET', '/api/v4/groups/demo');
const project = await call<{ id: number; path_with_namespace: string }>(alice, 'POST', '/api/v4/projects', {
  name: 'Builds',
  path: 'builds',
  namespace_id: group.id,
  visibility: 'internal',
  description: 'Packages the shop and smoke-tests it.',
});
const p = `/api/v4/projects/${project.id}`;
await call(alice, 'POST', `${p}/variables`, {
  key: 'DEPLOY_TOKEN',
  value: DEPLOY_TOKEN,
  masked: true,
  protected: false,
});

// Pushed as a developer pushes: .gitlab-ci.yml to main over HTTP, with her token.
const work = mkdtempSync(path.join(os.tmpdir(), 'upgrade-ci-push-'));
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
const remote = new URL(`${base}/${project.path_with_namespace}.git`);
remote.username = 'alice';
remote.password = alice;
const commit = (message: string) =>
  git('-c', 'user.name=Alice Liddell', '-c', 'user.email=alice@example.com', 'commit', '-q', '-m', message);
git('init', '-q', '-b', 'main');
writeFileSync(path.join(work, '.gitlab-ci.yml'), CI_CONFIG);
writeFileSync(path.join(work, 'README.md'), '# Builds\n\nPackages the shop.\n');
git('add', '.');
commit('Add CI');
git('push', '-q', remote.toString(), 'main');

type Pipeline = { id: number; status: string };
type Job = { id: number; name: string; status: string };
const settled = ['success', 'failed', 'canceled', 'skipped', 'manual'];
let pipeline: Pipeline | undefined;
for (let attempt = 0; attempt < 240; attempt++) {
  pipeline = (await call<Pipeline[]>(alice, 'GET', `${p}/pipelines`))[0];
  if (pipeline && settled.includes(pipeline.status)) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
if (pipeline?.status !== 'success') throw new Error(`the pushed pipeline: ${JSON.stringify(pipeline)}`);
const jobs = await call<Job[]>(alice, 'GET', `${p}/pipelines/${pipeline.id}/jobs`);
const statuses = Object.fromEntries(jobs.map((job) => [job.name, job.status]));
if (statuses.package !== 'success' || statuses.smoke !== 'failed') {
  throw new Error(`the pushed pipeline's jobs: ${JSON.stringify(statuses)}`);
}

// A runner of the project's own, and a nightly schedule for main.
await call(alice, 'POST', '/api/v4/user/runners', {
  runner_type: 'project_type',
  project_id: project.id,
  description: 'Builds runner',
  tag_list: ['shell', 'linux'],
});
await call(alice, 'POST', `${p}/pipeline_schedules`, {
  description: 'Nightly package',
  ref: 'main',
  cron: '0 3 * * *',
  cron_timezone: 'UTC',
  active: true,
});

// A merge request under a rule of the project's that bob then approved.
git('checkout', '-q', '-b', 'faster-package');
git('rm', '-q', 'README.md');
commit('Package without the README');
git('push', '-q', remote.toString(), 'faster-package');
rmSync(work, { recursive: true, force: true });
const request = await call<{ iid: number }>(alice, 'POST', `${p}/merge_requests`, {
  source_branch: 'faster-package',
  target_branch: 'main',
  title: 'Package faster',
});
await call(alice, 'POST', `${p}/approval_rules`, {
  name: 'Build owners',
  approvals_required: 1,
  user_ids: [await userId('bob')],
});
const bobToken = await tokenFor('bob', ['api']);
await call(bobToken.token, 'POST', `${p}/merge_requests/${request.iid}/approve`);

// Whatever the pushes started (and the demo's own pipelines) ends before the instance stops.
const projects = await call<Array<{ id: number }>>(root, 'GET', '/api/v4/projects?per_page=100');
for (const { id } of projects) {
  for (let attempt = 0; attempt < 240; attempt++) {
    const list = await call<Pipeline[]>(root, 'GET', `/api/v4/projects/${id}/pipelines?per_page=100`);
    if (list.every((one) => settled.includes(one.status))) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

console.log(JSON.stringify({ tokens: [aliceToken, bobToken] }, null, 2));
