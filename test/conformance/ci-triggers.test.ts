import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitCiConfig } from '../support/ci';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { runPythonGitlab } from '../support/python-gitlab';
import { createTestApp, type TestApp } from '../support/test-app';

/** python-gitlab 3.12 (Debian's) driving pipeline schedules, trigger tokens and commit statuses. */
describe('python-gitlab: schedules, triggers, commit statuses', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
  });
  afterAll(() => t.close());

  it('makes, edits, plays and deletes schedules; triggers pipelines; reports commit statuses', async () => {
    const project = await buildProject(t.container, owner);
    await commitCiConfig(t.app, owner, project.project.id, 'job:\n  script: [echo "$DEPLOY_TO"]');
    const results = await runPythonGitlab<Record<string, unknown>>(
      'ci_triggers.py',
      { url: await t.listen(), token: owner.token },
      { project_id: project.project.id },
    );
    expect(results).toEqual({
      schedule: ['Nightly', '0 1 * * *', true, owner.username],
      schedule_saved: ['30 2 * * *', '02:33', ['TARGET']],
      bad_cron: { status: 400, message: { cron: [' is invalid syntax'] }, error: 'GitlabCreateError' },
      played: ['schedule'],
      // A Maintainer (here the project's owner) may take a schedule over.
      take_ownership: { ok: null },
      schedules: ['Nightly'],
      schedule_deleted: { status: 404, message: '404 Pipeline Schedule Not Found', error: 'GitlabGetError' },
      trigger: [true, 46, 'chat ops'],
      triggered: ['trigger', 'main'],
      triggers: [['chat ops', 4]],
      bad_token: { status: 404, message: '404 Not Found', error: 'GitlabCreateError' },
      triggers_after_delete: 0,
      status: ['running', 'ext/ci', 'https://ci.example.com/1'],
      statuses: [['ext/ci', 'success']],
      bad_state: { status: 400, message: 'state does not have a valid value', error: 'GitlabCreateError' },
    });
  });
});
