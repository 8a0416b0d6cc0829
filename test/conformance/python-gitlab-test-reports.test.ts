import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitCiConfig, instanceRunnerToken } from '../support/ci';
import { buildProject, buildUser } from '../support/factories';
import { runPythonGitlab } from '../support/python-gitlab';
import { createTestApp, type TestApp } from '../support/test-app';

/** python-gitlab 3.12 (Debian's) reading a pipeline's unit test report. */
describe('python-gitlab: pipeline test reports', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reads pipeline.test_report and pipeline.test_report_summary; a stranger gets 404', async () => {
    const owner = await buildUser(t.container);
    const stranger = await buildUser(t.container);
    const project = await buildProject(t.container, owner);
    const config = [
      'workflow:',
      '  rules:',
      '    - if: $CI_PIPELINE_SOURCE != "push"',
      'pytest:',
      '  script: [pytest --junitxml=report.xml]',
      '  artifacts:',
      '    reports:',
      '      junit: report.xml',
    ].join('\n');
    await commitCiConfig(t.app, owner, project.project.id, config);
    const url = await t.listen();
    const results = await runPythonGitlab<Record<string, unknown>>(
      'test_reports.py',
      { url, token: owner.token },
      {
        project_id: project.project.id,
        api_url: `${url}/api/v4`,
        runner_token: await instanceRunnerToken(t.container),
        stranger_token: stranger.token,
      },
    );
    expect(results).toEqual({
      upload: 201,
      report: [0.75, 2, 1, 1, 0, 0],
      suite: ['pytest', 2, ['test_div', 'test_add']],
      failed_case: {
        status: 'failed',
        name: 'test_div',
        classname: 'test_calc',
        file: null,
        execution_time: 0.5,
        system_output: 'ZeroDivisionError',
        stack_trace: 'division by zero',
      },
      summary_total: { time: 0.75, count: 2, success: 1, failed: 1, skipped: 0, error: 0, suite_error: null },
      summary_suites: [['pytest', true, 1]],
      stranger: { status: 404, message: '404 Project Not Found', error: 'GitlabGetError' },
    });
  });
});
