import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The real entry point, as `npm start` runs it (without the web build), on a port of its own. */
function startServer(
  dataDir: string,
  port: number,
  settings: Record<string, string> = {},
): { child: ChildProcess; ready: Promise<string> } {
  // Always the embedded database: this test is about a fresh data directory, not a shared server.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready in')) resolve(output);
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  return { child, ready };
}

const exitOf = (child: ChildProcess) => new Promise<number | null>((resolve) => child.on('exit', resolve));

describe('npm start on an empty data directory', () => {
  let dataDir: string;
  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'review-start-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('migrates, seeds, prints how to sign in, stops cleanly on Ctrl-C and keeps its data on restart', async () => {
    const first = startServer(dataDir, port);
    const output = await first.ready;
    const password = (await readFile(path.join(dataDir, 'initial_root_password'), 'utf8')).trim();
    expect(output).toContain(`Sign in as root with the password ${password}`);
    expect(output).toContain('Demo users: alice and bob, password demo-password.');
    expect((await fetch(`${base}/-/readiness`)).status).toBe(200);
    const created = await fetch(`${base}/api/v4/projects/demo%2Fshop`);
    expect(created.status).toBe(200);

    const exited = exitOf(first.child);
    first.child.kill('SIGINT');
    expect(await exited).toBe(0);

    const second = startServer(dataDir, port);
    const restarted = await second.ready;
    expect(restarted).not.toContain('Demo users');
    const project = await fetch(`${base}/api/v4/projects/demo%2Fshop`);
    expect(project.status).toBe(200);
    expect((await project.json()) as { id: number }).toMatchObject({
      id: ((await created.json()) as { id: number }).id,
    });
    const stopped = exitOf(second.child);
    second.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
  }, 120_000);

  it('refuses to start with a schedule worker cron that is not a cron rule, naming the setting', async () => {
    const refused = startServer(dataDir, port, { PIPELINE_SCHEDULE_WORKER_CRON: 'every ten minutes' });
    const exited = exitOf(refused.child);
    const failure = await refused.ready.then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(await exited).not.toBe(0);
    expect(failure).toContain('Invalid configuration: PIPELINE_SCHEDULE_WORKER_CRON: must be a cron rule');
  }, 60_000);
});
