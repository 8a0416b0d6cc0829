import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Config } from './config';
import type { RunnersService } from './features/runners/runners.service';
import type { RunnerIsolation } from './runner-isolation';

const RUNNER_MAIN = fileURLToPath(new URL('../runner/main.ts', import.meta.url));
const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type EmbeddedRunner = { process: ChildProcess; stop(): void };

type Logger = { info(message: string): void; error(message: string): void };

/** What the embedded runner keeps under DATA_DIR: its token, readable by the server's user only. */
export const embeddedRunnerConfigPath = (dataDir: string) => path.join(dataDir, 'runner', 'config.json');

async function savedToken(file: string): Promise<string | null> {
  try {
    const saved = JSON.parse(await readFile(file, 'utf8')) as { token?: unknown };
    return typeof saved.token === 'string' ? saved.token : null;
  } catch {
    return null;
  }
}

/**
 * Starts the runner the server runs for itself (`RUNNER=embedded`): an instance runner whose
 * token the server creates (or finds again under DATA_DIR), run as a child process that talks to
 * the server only over HTTP at `serverUrl`, with none of the server's environment. Its own group
 * of processes, so a terminal's Ctrl-C reaches the server only, which then stops it gracefully:
 * the jobs it runs finish and report, also to a server started again meanwhile.
 */
export async function startEmbeddedRunner(
  {
    config,
    runners,
    logger,
    isolation,
  }: {
    config: Config;
    runners: Pick<RunnersService, 'ensureEmbeddedRunner'>;
    logger: Logger;
    /** Told the runner's isolation line, for the admin runners page. */
    isolation?: Pick<RunnerIsolation, 'heard'>;
  },
  serverUrl: string,
): Promise<EmbeddedRunner> {
  const file = embeddedRunnerConfigPath(config.dataDir);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  // Jobs run as another user must not be able to walk into the data directory at all.
  if (process.getuid?.() === 0) await chmod(config.dataDir, 0o700);
  const { token } = await runners.ensureEmbeddedRunner(await savedToken(file));
  const buildsDir = path.join(
    os.tmpdir(),
    `mergeway-builds-${createHash('sha256').update(config.dataDir).digest('hex').slice(0, 12)}`,
  );
  const options = {
    url: serverUrl,
    token,
    concurrent: config.runnerConcurrent,
    buildsDir,
    hidePaths: [config.dataDir],
    embedded: true,
  };
  await writeFile(file, `${JSON.stringify(options, null, 2)}\n`, { mode: 0o600 });
  const child = spawn(process.execPath, ['--import', 'tsx', RUNNER_MAIN, '--config', file], {
    cwd: PACKAGE_ROOT,
    env: { PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    isolation?.heard(line);
    logger.info(`runner: ${line}`);
  });
  createInterface({ input: child.stderr }).on('line', (line) => logger.error(`runner: ${line}`));
  child.on('exit', (code, signal) => logger.info(`runner: exited (${signal ?? `code ${code}`})`));
  return {
    process: child,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      child.stdout?.destroy();
      child.stderr?.destroy();
      child.unref();
    },
  };
}
