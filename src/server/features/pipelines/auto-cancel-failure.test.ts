import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitCiConfig, waitUntil } from '../../../../test/support/ci';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

type PipelineJson = { id: number; status: string; sha: string };
type LogLine = {
  level: number;
  msg: string;
  projectId?: number;
  pipelineId?: number;
  err?: { message: string };
};

const CONFIG = ['build:', '  script:', '    - make'].join('\n');

/** A new pipeline stands when cancelling the older ones fails, and the failure is in the log. */
describe('auto-cancel that fails while a pipeline is created', () => {
  const lines: string[] = [];
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  beforeAll(async () => {
    t = await createTestApp({ logTo: { write: (line) => lines.push(line) } });
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
  });
  afterAll(async () => {
    await t.deps.database.db.execute(sql`drop trigger if exists refuse_auto_cancel on ci_pipelines`);
    await t.close();
  });

  const pipelines = async () =>
    (
      await t.app.inject({
        url: `/api/v4/projects/${project.project.id}/pipelines?ref=work`,
        headers: owner.headers,
      })
    ).json<PipelineJson[]>();

  it('keeps the new pipeline and the older one on their way, and logs the failure with their ids', async () => {
    const firstSha = await commitCiConfig(t.app, owner, project.project.id, CONFIG, 'work', 'First');
    const [first] = await waitUntil(pipelines, (found) => found[0]?.sha === firstSha);
    // The database refuses to mark a pipeline auto-cancelled: a failure as a lost connection would be.
    await t.deps.database.db.execute(sql`
      create function refuse_auto_cancel() returns trigger language plpgsql as $$
      begin raise exception 'auto-cancel refused by the test'; end $$`);
    await t.deps.database.db.execute(sql`
      create trigger refuse_auto_cancel before update of auto_canceled_by_id on ci_pipelines
      for each row when (new.auto_canceled_by_id is not null) execute function refuse_auto_cancel()`);

    const secondSha = await commitCiConfig(t.app, owner, project.project.id, `${CONFIG}\n`, 'work', 'Second');
    const [second, older] = await waitUntil(pipelines, (found) => found[0]?.sha === secondSha);
    expect(second).toMatchObject({ status: 'pending' });
    expect(older).toMatchObject({ id: first?.id, status: 'pending' });

    // The cancel is tried once the new pipeline is committed, so it may end after it is listed.
    const logged = await waitUntil(
      async () =>
        lines
          .map((line) => JSON.parse(line) as LogLine)
          .find((line) => line.msg === 'auto-cancel of redundant pipelines failed'),
      (found) => found !== undefined,
    );
    expect(logged).toMatchObject({
      level: 50,
      projectId: project.project.id,
      pipelineId: second?.id,
      err: { message: expect.stringContaining('auto-cancel refused by the test') },
    });
  });
});
