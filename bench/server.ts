// A whole server in a temporary data directory for one bench part, removed afterwards.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createContainer, type AppDeps, type Container } from '../src/server/container';
import { openDeps } from '../src/server/start';
import { buildUser, type TestUser } from '../test/support/factories';

export type BenchServer = { deps: AppDeps; container: Container; app: FastifyInstance; owner: TestUser };

/** Runs `measure` on a fresh server (PGlite, no demo data) with one user, then closes and removes it all. */
export async function withBenchServer<T>(
  name: string,
  measure: (server: BenchServer) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bench-${name}-`));
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', RUNNER: 'none', LOG_LEVEL: 'warn' });
  const deps = await openDeps(config);
  try {
    const container = createContainer(deps);
    const app = await buildApp(deps, { container });
    try {
      return await measure({ deps, container, app, owner: await buildUser(container) });
    } finally {
      await app.close();
    }
  } finally {
    await deps.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
