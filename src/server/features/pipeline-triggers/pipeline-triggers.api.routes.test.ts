import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { commitCiConfig, instanceRunnerToken } from '../../../../test/support/ci';
import { fakeRunner } from '../../../../test/support/fake-runner';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

// Only triggered runs make jobs here, so the runner below takes exactly the jobs a test expects.
const CONFIG = [
  'workflow:',
  '  rules:',
  '    - if: $CI_PIPELINE_SOURCE != "push"',
  'deploy:',
  '  script: [echo "$DEPLOY_TO"]',
].join('\n');

type Trigger = {
  id: number;
  token: string;
  description: string;
  last_used: string | null;
  owner: { username: string } | null;
};
type Pipeline = { id: number; source: string; ref: string; user: { username: string } };

describe('pipeline trigger tokens: made by Maintainers, shown once, running pipelines as their owner', () => {
  let t: TestApp;
  let owner: TestUser;
  let maintainer: TestUser;
  let developer: TestUser;
  let project: ProjectContext;
  let other: ProjectContext;

  const url = (path: string, ctx = project) => `/api/v4/projects/${ctx.project.id}${path}`;
  const send = (
    user: TestUser | null,
    method: 'POST' | 'PUT' | 'DELETE' | 'GET',
    path: string,
    payload?: object,
  ) => t.app.inject({ method, url: path, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    maintainer = await buildUser(t.container);
    developer = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    other = await buildProject(t.container, owner);
    await addProjectMember(t.container, project, maintainer, ACCESS_LEVELS.maintainer);
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await commitCiConfig(t.app, owner, project.project.id, CONFIG);
    await commitCiConfig(t.app, owner, other.project.id, CONFIG);
  });
  afterAll(() => t.close());

  it('makes a glptt- token shown in full once; lists show its first characters; Developers get 403', async () => {
    expect((await send(developer, 'POST', url('/triggers'), { description: 'dev' })).statusCode).toBe(403);
    expect((await send(developer, 'GET', url('/triggers'))).statusCode).toBe(403);
    const created = await send(maintainer, 'POST', url('/triggers'), { description: 'Deploy from chat' });
    expect(created.statusCode, created.body).toBe(201);
    const trigger = created.json<Trigger>();
    expect(trigger.token).toMatch(/^glptt-[0-9a-f]{40}$/);
    expect(trigger).toMatchObject({ description: 'Deploy from chat', last_used: null });
    expect(trigger.owner?.username).toBe(maintainer.username);
    const listed = (await send(owner, 'GET', url('/triggers'))).json<Trigger[]>();
    expect(listed).toEqual([expect.objectContaining({ id: trigger.id, token: trigger.token.slice(6, 10) })]);
    const blank = await send(maintainer, 'POST', url('/triggers'), { description: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: { description: ["can't be blank"] } });
  });

  it('runs a pipeline with source trigger and the given variables as the token’s owner', async () => {
    const { token } = (
      await send(maintainer, 'POST', url('/triggers'), { description: 'ci' })
    ).json<Trigger>();
    const runner = fakeRunner(t.app, await instanceRunnerToken(t.container));
    const triggered = await send(null, 'POST', url('/trigger/pipeline'), {
      token,
      ref: 'main',
      variables: { DEPLOY_TO: 'production' },
    });
    expect(triggered.statusCode, triggered.body).toBe(201);
    expect(triggered.json<Pipeline>()).toMatchObject({
      source: 'trigger',
      ref: 'main',
      user: { username: maintainer.username },
    });
    const job = await runner.take();
    const variables = (job.variables as Array<{ key: string; value: string }>).filter(
      (variable) => variable.key === 'DEPLOY_TO' || variable.key === 'CI_PIPELINE_SOURCE',
    );
    expect(variables).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'DEPLOY_TO', value: 'production' }),
        expect.objectContaining({ key: 'CI_PIPELINE_SOURCE', value: 'trigger' }),
      ]),
    );
    await runner.finish(job, 'success');
    const listed = (await send(maintainer, 'GET', url('/triggers'))).json<Trigger[]>();
    expect(listed.find((trigger) => trigger.description === 'ci')?.last_used).not.toBeNull();

    const form = await t.app.inject({
      method: 'POST',
      url: url('/trigger/pipeline'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}&ref=main&variables[DEPLOY_TO]=staging`,
    });
    expect(form.statusCode, form.body).toBe(201);
    const formJob = await runner.take();
    expect(formJob.variables).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'DEPLOY_TO', value: 'staging' })]),
    );
    await runner.finish(formJob, 'success');
  });

  it('refuses unknown tokens, tokens of another project, unknown refs and deleted tokens', async () => {
    const { token, id } = (
      await send(maintainer, 'POST', url('/triggers'), { description: 'x' })
    ).json<Trigger>();
    const unknown = await send(null, 'POST', url('/trigger/pipeline'), { token: 'glptt-nope', ref: 'main' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: '404 Not Found' });
    expect(
      (await send(null, 'POST', url('/trigger/pipeline', other), { token, ref: 'main' })).statusCode,
    ).toBe(404);
    const badRef = await send(null, 'POST', url('/trigger/pipeline'), { token, ref: 'nope' });
    expect(badRef.statusCode).toBe(400);
    expect(badRef.json()).toEqual({ message: { base: ['Reference not found'] } });
    expect((await send(developer, 'DELETE', url(`/triggers/${id}`))).statusCode).toBe(403);
    expect((await send(owner, 'PUT', url(`/triggers/${id}`), { description: 'mine' })).statusCode).toBe(403);
    const renamed = await send(maintainer, 'PUT', url(`/triggers/${id}`), { description: 'renamed' });
    expect(renamed.json<Trigger>().description).toBe('renamed');
    expect((await send(owner, 'DELETE', url(`/triggers/${id}`))).statusCode).toBe(204);
    expect((await send(null, 'POST', url('/trigger/pipeline'), { token, ref: 'main' })).statusCode).toBe(404);
  });

  it('takes a running job’s CI_JOB_TOKEN within the job token scope: source pipeline, as the job’s user; not after the job ends', async () => {
    const runner = fakeRunner(t.app, await instanceRunnerToken(t.container));
    expect((await send(owner, 'POST', url('/pipeline', other), { ref: 'main' })).statusCode).toBe(201);
    const job = await runner.take();
    const trigger = () => send(null, 'POST', url('/trigger/pipeline'), { token: job.token, ref: 'main' });
    // Another project's job reaches this one only once this project's job token scope allows it.
    const refused = await trigger();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: `Authentication by CI/CD job token not allowed from ${other.project.path} to ${project.project.path}.`,
    });
    const allow = await send(owner, 'POST', url('/job_token_scope/allowlist'), {
      target_project_id: other.project.id,
    });
    expect(allow.statusCode, allow.body).toBe(201);
    const downstream = await trigger();
    expect(downstream.statusCode, downstream.body).toBe(201);
    expect(downstream.json<Pipeline>()).toMatchObject({
      source: 'pipeline',
      user: { username: owner.username },
    });
    await runner.finish(job, 'success');
    const ended = await send(null, 'POST', url('/trigger/pipeline'), { token: job.token, ref: 'main' });
    expect(ended.statusCode).toBe(404);
    const next = await runner.take();
    await runner.finish(next, 'success');
  });
});
