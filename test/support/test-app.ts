import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { systemClock, systemRandom, type Clock, type Random } from '../../src/server/clock';
import { loadConfig, type Config } from '../../src/server/config';
import { createContainer, type AppDeps, type Container } from '../../src/server/container';
import { createInProcessBus, createPostgresBus } from '../../src/server/realtime/bus';
import { openDatabase } from '../../src/server/db/client';
import { createRenderPool, type RenderPool } from '../../src/server/render-pool/render-pool';
import { watchApp } from './failure-report';
import { openTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  deps: AppDeps;
  /** The same services the routes use, for arranging state in tests. */
  container: Container;
  config: Config;
  dataDir: string;
  /** Listens on a random loopback port (for real git clients and HTTP libraries); returns the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
};

export type TestAppOptions = {
  env?: Record<string, string>;
  clock?: Clock;
  random?: Random;
  /**
   * Another app process on the same PostgreSQL database and repository folder as this one: its
   * own connections, bus listener and services, as a second server behind a load balancer.
   */
  shareWith?: TestApp;
  /** Logs at info into this stream, one line a write, as production logs to standard output. */
  logTo?: { write(line: string): void };
  /** A web build of the test's own (the suite's integration lane runs while the real one is built). */
  webDistDir?: string;
  /** The application rate limits as production has them, instead of the tests' far higher ones. */
  productionRateLimits?: boolean;
};

/**
 * Tests write faster than people do, and a pinned clock never ends a window: the application rate
 * limits are far above what a test file does (still counted), unless a test asks for production's
 * or sets its own in `env`.
 */
const TEST_RATE_LIMITS = {
  NOTES_CREATE_LIMIT: '1000000',
  ISSUES_CREATE_LIMIT: '1000000',
  MERGE_REQUESTS_CREATE_LIMIT: '1000000',
  PIPELINES_CREATE_LIMIT: '1000000',
  MARKDOWN_PREVIEW_LIMIT: '1000000',
  MARKDOWN_PREVIEW_LIMIT_UNAUTHENTICATED: '1000000',
};

/**
 * Render workers shared by every test app of this test process (its files run one after another):
 * starting two costs about 2 s of CPU, which each of some 250 test files paid for before. Idle
 * workers keep no state of a file and do not hold the process open.
 */
let sharedRenderPool: RenderPool | undefined;

/** The real server on a fresh database and an empty repository folder (or another's, see shareWith). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.shareWith;
  const dataDir = shared?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'review-test-')));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    RUNNER: 'none',
    ...(options.productionRateLimits ? {} : TEST_RATE_LIMITS),
    ...options.env,
  });
  const database = shared ? await openSharedDatabase(shared) : await openTestDatabase();
  const bus =
    database.kind === 'postgres'
      ? await createPostgresBus(database.pool, database.url)
      : createInProcessBus();
  const deps: AppDeps = {
    config,
    database,
    bus,
    clock: options.clock ?? systemClock,
    random: options.random ?? systemRandom,
    renderPool: (sharedRenderPool ??= createRenderPool({ size: config.renderWorkers })),
  };
  const container = createContainer(deps);
  const logger = options.logTo && { level: 'info', stream: options.logTo };
  const app = await buildApp(deps, { container, logger, webDistDir: options.webDistDir });
  const testApp: TestApp = {
    app,
    deps,
    container,
    config,
    dataDir,
    listen: async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      return `http://127.0.0.1:${address.port}`;
    },
    close: async () => {
      unwatch();
      await app.close();
      await container.processes.close();
      await bus.close();
      await database.close();
      if (!shared) await rm(dataDir, { recursive: true, force: true });
    },
  };
  const unwatch = watchApp(testApp);
  return testApp;
}

/** New connections to the database of another test app; the database stays its owner's to drop. */
async function openSharedDatabase(owner: TestApp) {
  const database = owner.deps.database;
  if (database.kind !== 'postgres') throw new Error('app processes share a database only on PostgreSQL');
  return openDatabase({ kind: 'postgres', url: database.url });
}
