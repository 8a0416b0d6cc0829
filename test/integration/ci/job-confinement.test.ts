import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedRunner, type EmbeddedRunner } from '../../../src/server/embedded-runner';
import { readTrace } from '../../../src/server/features/pipelines/traces.repo';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import { FINISHED, commitCiConfig, waitUntil } from '../../support/ci';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

/** A value only the server's own environment holds. */
const SERVER_SECRET_NAME = 'MERGEWAY_SERVER_SECRET';
const SERVER_SECRET = `server-secret-${randomBytes(8).toString('hex')}`;

/** `probe` prints `label: yes` when `command` succeeds, `label: no` otherwise. */
const probe = (label: string, command: string) =>
  `if ${command} >/dev/null 2>&1; then echo "${label}: yes"; else echo "${label}: no"; fi`;

describe('jobs of the embedded runner are confined', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let secondProject: ProjectContext;
  let runner: EmbeddedRunner;
  const logged: string[] = [];

  beforeAll(async () => {
    process.env[SERVER_SECRET_NAME] = SERVER_SECRET;
    t = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '5', RUNNER_CONCURRENT: '1' } });
    const baseUrl = await t.listen();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    secondProject = await buildProject(t.container, owner);
    // What a PostgreSQL or PGlite data directory holds, where the server keeps it.
    await mkdir(path.join(t.dataDir, 'db'), { recursive: true });
    await writeFile(path.join(t.dataDir, 'db', 'PG_VERSION'), '17\n');
    const logger = { info: (line: string) => logged.push(line), error: (line: string) => logged.push(line) };
    runner = await startEmbeddedRunner({ config: t.config, runners: t.container.runners, logger }, baseUrl);
    await waitUntil(
      async () => logged.join('\n'),
      (text) => text.includes('Runner started'),
    );
  });
  afterAll(async () => {
    delete process.env[SERVER_SECRET_NAME];
    runner?.stop();
    await Promise.race([new Promise((resolve) => runner?.process.once('exit', resolve)), delay(10_000)]);
    if (runner?.process.exitCode === null) process.kill(-runner.process.pid!, 'SIGKILL');
    await t.close();
  });

  it('says at startup how jobs are isolated', () => {
    expect(logged.join('\n')).toMatch(
      /runner: Jobs run (in a bubblewrap sandbox|as the unprivileged user|unconfined)/,
    );
  });

  it("sees none of the server's data, environment or processes, and the system read-only", async () => {
    const commands = [
      `echo "server environment variable: $(env | grep -c ${SERVER_SECRET_NAME} || true)"`,
      probe('data directory', `ls ${t.dataDir}`),
      probe('database files', `cat ${path.join(t.dataDir, 'db', 'PG_VERSION')}`),
      probe('runner token', `cat ${path.join(t.dataDir, 'runner', 'config.json')}`),
      probe('another repository', `git --git-dir=${secondProject.gitDir} log -1`),
      probe('server environment', `grep -q ${SERVER_SECRET_NAME} /proc/${process.pid}/environ`),
      probe('signal the server', `kill -0 ${process.pid}`),
      probe('write the system', 'touch /usr/bin/mergeway-was-here'),
      probe('write the work directory', 'touch "$CI_PROJECT_DIR/built"'),
      probe('write its temporary directory', 'touch /tmp/scratch'),
    ];
    const yaml = [
      'probe:',
      '  script:',
      ...commands.map((command) => `    - ${JSON.stringify(command)}`),
    ].join('\n');
    const sha = await commitCiConfig(t.app, owner, project.project.id, yaml);
    const log = await finishedLog(sha);
    expect(log).toContain('server environment variable: 0');
    for (const hidden of [
      'data directory',
      'database files',
      'runner token',
      'another repository',
      'server environment',
      'signal the server',
      'write the system',
    ])
      expect(log).toContain(`${hidden}: no`);
    expect(log).toContain('write the work directory: yes');
    expect(log).toContain('write its temporary directory: yes');
    expect(log).not.toContain(SERVER_SECRET);
  });

  it('never shows a masked value in the log, also when it is printed in two pieces seconds apart', async () => {
    const yaml = [
      'leak:',
      '  script:',
      '    - echo "whole $CI_JOB_TOKEN"',
      '    - printf "split %s" "${CI_JOB_TOKEN:0:12}"; sleep 2; printf "%s end\\n" "${CI_JOB_TOKEN:12}"',
    ].join('\n');
    const sha = await commitCiConfig(t.app, owner, project.project.id, yaml);
    const log = await finishedLog(sha);
    expect(log).toContain('whole [MASKED]');
    expect(log).toContain('split [MASKED] end');
    expect(log).not.toContain('glcbt-');
    const jobId = await lastJobId();
    const stored = (await readTrace(t.container.db, jobId)).toString('utf8');
    expect(stored).toContain('split [MASKED] end');
    expect(stored).not.toContain('glcbt-');
  });

  async function lastJobId(): Promise<number> {
    const jobs = await t.app.inject({
      url: `/api/v4/projects/${project.project.id}/jobs`,
      headers: owner.headers,
    });
    return jobs.json<Array<{ id: number }>>()[0]!.id;
  }

  async function finishedLog(sha: string): Promise<string> {
    const url = `/api/v4/projects/${project.project.id}/pipelines?sha=${sha}`;
    await waitUntil(
      async () => (await t.app.inject({ url, headers: owner.headers })).json<Array<{ status: string }>>(),
      (pipelines) => pipelines.length > 0 && FINISHED.includes(pipelines[0]!.status),
    );
    const trace = await t.app.inject({
      url: `/api/v4/projects/${project.project.id}/jobs/${await lastJobId()}/trace`,
      headers: owner.headers,
    });
    return trace.body;
  }
});
