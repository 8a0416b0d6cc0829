import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export type ServerProcess = {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Settles with what the server printed once it says it is ready; rejects if it exits first. */
  ready: Promise<string>;
  /** Everything it printed so far. */
  output(): string;
  /** Settles with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
};

/** A port nobody listens on right now (the system picks it). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * The real entry point (`src/server/main.ts`, as `npm start` runs it without the web build) as a
 * process of its own on `dataDir`: a test can kill it as a crash would and start it again. The
 * embedded database unless `env` names a DATABASE_URL.
 */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready in')) resolve(output);
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  // A server killed before it is ready is no unhandled rejection: the caller may not wait for it.
  ready.catch(() => undefined);
  return { child, url: `http://127.0.0.1:${port}`, ready, output: () => output, exited };
}
