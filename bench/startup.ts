import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

/** Spawns a server script and returns the milliseconds until it prints `Ready`, then stops it. */
async function timeToReady(
  script: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<number> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...inherited, DATA_DIR: dataDir, PORT: '3977', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const readyAt = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready')) resolve(performance.now());
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return readyAt - started;
}

export type StartupFigures = { floorMs: number; emptyMs: number; emptyNoDemoMs: number; restartMs: number };

/** Startup to ready on an empty data directory (with and without the demo), and a restart. */
export async function measureStartup(): Promise<StartupFigures> {
  const fresh = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-start-'));
    await mkdir(dir, { recursive: true });
    return dir;
  };
  const floorDir = await fresh();
  const floorMs = await timeToReady('bench/floor-server.ts', floorDir);
  const demoDir = await fresh();
  const emptyMs = await timeToReady('src/server/main.ts', demoDir);
  const restartMs = await timeToReady('src/server/main.ts', demoDir);
  const bareDir = await fresh();
  const emptyNoDemoMs = await timeToReady('src/server/main.ts', bareDir, { SEED_DEMO: 'false' });
  await Promise.all([floorDir, demoDir, bareDir].map((dir) => rm(dir, { recursive: true, force: true })));
  return { floorMs, emptyMs, emptyNoDemoMs, restartMs };
}
