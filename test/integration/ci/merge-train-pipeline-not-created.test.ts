import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MergeRequestDetail } from '../../../src/shared/api/mergeRequests';
import { notes } from '../../../src/server/db/schema';
import { commitFiles, listCommits } from '../../../src/server/git/commits';
import { readRef } from '../../../src/server/git/repository';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import { instanceRunnerToken, startRunnerProcess, waitUntil, type RunnerProcess } from '../../support/ci';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { pushFile, testAuthor } from '../../support/merge-request-factories';
import { createTestApp, type TestApp } from '../../support/test-app';

type PipelineJson = { id: number; status: string; ref: string; yaml_errors?: string | null };

/** Only merge train pipelines run here; `alpha`'s are turned away by the workflow rules. */
const WORKFLOW_CONFIG = [
  'workflow:',
  '  rules:',
  `    - if: '$CI_MERGE_REQUEST_SOURCE_BRANCH_NAME == "alpha"'`,
  '      when: never',
  `    - if: '$CI_MERGE_REQUEST_EVENT_TYPE == "merge_train"'`,
  'test:',
  '  script:',
  '    - sleep 2',
].join('\n');

const TRAIN_ONLY_CONFIG = [
  'test:',
  '  rules:',
  `    - if: '$CI_MERGE_REQUEST_EVENT_TYPE == "merge_train"'`,
  '  script:',
  '    - sleep 2',
].join('\n');

describe('a merge train car whose pipeline could not be made', () => {
  let t: TestApp;
  let owner: TestUser;
  let runner: RunnerProcess;

  beforeAll(async () => {
    t = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '5' } });
    const baseUrl = await t.listen();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    runner = startRunnerProcess({ url: baseUrl, token: await instanceRunnerToken(t.container) });
    await runner.waitForOutput(/Runner started/);
    // The train's looks run as background jobs, as in a served app.
    t.container.jobs.start(() => undefined);
  });
  afterAll(async () => {
    await t.container.jobs.stop();
    await runner?.stop();
    await t.close();
  });

  const api = (p: ProjectContext) => `/api/v4/projects/${p.project.id}`;
  const get = async <T>(url: string): Promise<T> => {
    const response = await t.app.inject({ url, headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const show = (p: ProjectContext, iid: number) => get<MergeRequestDetail>(`${api(p)}/merge_requests/${iid}`);
  const pipelines = (p: ProjectContext) => get<PipelineJson[]>(`${api(p)}/pipelines?sort=asc`);
  const systemNotes = async (mergeRequestId: number) =>
    (
      await t.container.db
        .select({ note: notes.note })
        .from(notes)
        .where(
          and(
            eq(notes.noteableId, mergeRequestId),
            eq(notes.noteableType, 'MergeRequest'),
            eq(notes.system, true),
          ),
        )
        .orderBy(notes.id)
    ).map((row) => row.note);
  const landed = async (p: ProjectContext) =>
    (await listCommits(p.gitDir, { revision: 'main', limit: 50 }))
      .filter((commit) => commit.parentShas.length === 2)
      .map((commit) => commit.title)
      .reverse();

  async function trainProject(config: string) {
    const p = await buildProject(t.container, owner);
    await pushFile(p, 'main', { path: '.gitlab-ci.yml', content: config, message: 'CI' });
    await t.container.projects.updateProject(owner, p.project.id, { merge_trains_enabled: true });
    return p;
  }
  async function request(p: ProjectContext, branch: string, change?: 'break CI' | 'drop CI') {
    await pushFile(p, branch, { path: `${branch}.txt`, content: `${branch}\n`, message: `Add ${branch}` });
    if (change)
      await commitFiles(p.gitDir, {
        branch,
        startBranch: branch,
        message: change,
        author: testAuthor,
        changes: [
          change === 'drop CI'
            ? { action: 'delete', path: '.gitlab-ci.yml' }
            : { action: 'update', path: '.gitlab-ci.yml', content: 'test:\n  script: [unclosed\n' },
        ],
      });
    const created = await t.container.mergeRequests.create(owner, p.project.id, {
      source_branch: branch,
      title: `Add ${branch}`,
    });
    return created.mergeRequest;
  }
  const add = async (p: ProjectContext, iid: number) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${api(p)}/merge_trains/merge_requests/${iid}`,
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  const mergedAlone = async (p: ProjectContext, iid: number) => {
    await waitUntil(
      () => show(p, iid),
      (mr) => mr.state === 'merged',
      90_000,
    );
  };

  it('drops a car whose merge train pipeline the workflow rules turn away, with GitLab’s reason, and merges the car behind', async () => {
    const p = await trainProject(WORKFLOW_CONFIG);
    const [a, b] = [await request(p, 'alpha'), await request(p, 'bravo')];
    await add(p, a.iid);
    await add(p, b.iid);

    await mergedAlone(p, b.iid);
    expect(await show(p, a.iid)).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: false });
    expect(await systemNotes(a.id)).toContain(
      'removed this merge request from the merge train because the merge train pipeline could not be ' +
        'prepared: The pipeline did not run. Review the workflow:rules configuration for the pipeline',
    );
    expect(await landed(p)).toEqual(["Merge branch 'bravo' into 'main'"]);
    // Alpha never had a pipeline, and its train ref is gone; bravo's ran on main alone.
    const all = await pipelines(p);
    expect(all.some((pipeline) => pipeline.ref === `refs/merge-requests/${a.iid}/train`)).toBe(false);
    expect(
      all.filter((pipeline) => pipeline.ref === `refs/merge-requests/${b.iid}/train`).at(-1)?.status,
    ).toBe('success');
    expect(await readRef(p.gitDir, `refs/merge-requests/${a.iid}/train`)).toBeNull();
  }, 120_000);

  it('drops a car whose configuration does not hold as for a failed pipeline (its pipeline is made, failed), and merges the car behind', async () => {
    const p = await trainProject(TRAIN_ONLY_CONFIG);
    const [a, b] = [await request(p, 'alpha', 'break CI'), await request(p, 'bravo')];
    await add(p, a.iid);
    await add(p, b.iid);

    await mergedAlone(p, b.iid);
    expect(await systemNotes(a.id)).toContain(
      'removed this merge request from the merge train because pipeline did not succeed',
    );
    const all = await pipelines(p);
    const alphas = all.filter((pipeline) => pipeline.ref === `refs/merge-requests/${a.iid}/train`);
    expect(alphas.map((pipeline) => pipeline.status)).toEqual(['failed']);
    const detail = await get<PipelineJson>(`${api(p)}/pipelines/${alphas[0]!.id}`);
    expect(detail.yaml_errors).toBeTruthy();
    expect(await landed(p)).toEqual(["Merge branch 'bravo' into 'main'"]);
  }, 120_000);

  it('drops a car whose merged result has no CI configuration when its target has one', async () => {
    const p = await trainProject(TRAIN_ONLY_CONFIG);
    const [a, b] = [await request(p, 'alpha', 'drop CI'), await request(p, 'bravo')];
    await add(p, a.iid);
    await add(p, b.iid);

    await mergedAlone(p, b.iid);
    expect(await systemNotes(a.id)).toContain(
      'removed this merge request from the merge train because the merge train pipeline could not be ' +
        'prepared: Missing CI config file',
    );
    expect(await landed(p)).toEqual(["Merge branch 'bravo' into 'main'"]);
  }, 120_000);
});
