import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitCiConfig, instanceRunnerToken } from '../../../../test/support/ci';
import { fakeRunner } from '../../../../test/support/fake-runner';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { JobTrace } from '../../../shared/api/jobTrace';
import type { ProjectContext } from '../projects/projects.service';

describe('the job page log read from an offset (trace.json?state=)', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let project: ProjectContext;
  let runner: ReturnType<typeof fakeRunner>;

  const read = (user: TestUser | undefined, jobId: number, state?: string) =>
    t.app.inject({
      url: `/${project.fullPath}/-/jobs/${jobId}/trace.json${state === undefined ? '' : `?state=${state}`}`,
      headers: user?.headers,
    });
  const traceOf = async (jobId: number, state?: string) => {
    const response = await read(owner, jobId, state);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<JobTrace>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    stranger = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/variables`,
      headers: owner.headers,
      payload: { key: 'SECRET', value: 'hunter2-is-secret', masked: true },
    });
    runner = fakeRunner(t.app, await instanceRunnerToken(t.container));
    await commitCiConfig(t.app, owner, project.project.id, 'build:\n  script: [make]\n');
  });
  afterAll(() => t.close());

  it('answers only what arrived after the state, in whole lines while the job runs, masked', async () => {
    const job = await runner.take();
    expect(await traceOf(job.id)).toMatchObject({ content: '', state: '0', append: false, complete: false });

    const first = 'line one\nline two with hunter2-is-secret\npart';
    await runner.log(job, first);
    const one = await traceOf(job.id);
    // The unfinished line waits for its end: a piece never ends inside a line.
    expect(one).toMatchObject({
      content: 'line one\nline two with [MASKED]\n',
      offset: 0,
      size: Buffer.byteLength(first),
      append: false,
      complete: false,
    });
    expect(Number(one.state)).toBe(Buffer.byteLength('line one\nline two with hunter2-is-secret\n'));

    await runner.log(job, 'ial line ✓\nlast\n', Buffer.byteLength(first));
    const two = await traceOf(job.id, one.state);
    expect(two).toMatchObject({ content: 'partial line ✓\nlast\n', append: true, offset: Number(one.state) });
    // Nothing new: an empty piece at the same state.
    const four = await traceOf(job.id, two.state);
    expect(four).toMatchObject({ content: '', state: two.state, append: true });

    await runner.log(job, 'tail without newline', Buffer.byteLength(first + 'ial line ✓\nlast\n'));
    await runner.finish(job, 'success');
    const done = await traceOf(job.id, four.state);
    // A finished job's log is whole, its last line too.
    expect(done).toMatchObject({ content: 'tail without newline', complete: true, status: 'success' });
  });

  it('reads the whole log again for a state past its end', async () => {
    const [job] = (
      await t.app.inject({ url: `/api/v4/projects/${project.project.id}/jobs`, headers: owner.headers })
    ).json<{ id: number }[]>();
    const again = await traceOf(job!.id, '999999');
    expect(again).toMatchObject({ offset: 0, append: false });
    expect(again.content.startsWith('line one\n')).toBe(true);
  });

  it('refuses what a viewer may not read and a state that is no offset', async () => {
    const [job] = (
      await t.app.inject({ url: `/api/v4/projects/${project.project.id}/jobs`, headers: owner.headers })
    ).json<{ id: number }[]>();
    expect((await read(stranger, job!.id)).statusCode).toBe(404);
    expect((await read(owner, job!.id, 'abc')).statusCode).toBe(400);
    expect((await read(owner, 999_999)).statusCode).toBe(404);
  });
});
