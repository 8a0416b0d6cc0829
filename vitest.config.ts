import { defineConfig } from 'vitest/config';

const serverSetup = ['test/support/global-setup.ts'];
/**
 * Files of a worker run one after another in one process that keeps its modules, so the server's
 * modules are imported and a PGlite started once per worker, not once per file: each file still
 * gets an empty database (test/support/test-database.ts) and builds its own app.
 */
const sharedWorker = { isolate: false };

/**
 * Node loads `graphql` from its CommonJS main, as mercurius does; Vite would pick its ES module
 * copy, a second GraphQLError class graphql-js does not recognise. The server's tests load what
 * production loads.
 */
const serverResolve = { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Pure rules and server-rendered components keep no state between files: one import of
          // Primer and React per worker instead of one per file (50 s -> 9 s alone).
          ...sharedWorker,
          include: ['src/shared/**/*.test.ts', 'src/runner/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}'],
          // Primer's components import their CSS; inlined, Vite handles it for server-rendered component tests.
          server: { deps: { inline: [/@primer\/react/] } },
        },
      },
      {
        resolve: serverResolve,
        test: {
          name: 'integration',
          ...sharedWorker,
          // test/postgres holds what only a PostgreSQL server can show (LISTEN/NOTIFY across connections).
          include: [
            'src/server/**/*.test.ts',
            'test/integration/**/*.test.ts',
            ...(process.env.DATABASE_URL ? ['test/postgres/**/*.test.ts'] : []),
          ],
          globalSetup: serverSetup,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: serverResolve,
        test: {
          name: 'conformance',
          ...sharedWorker,
          include: ['test/conformance/**/*.test.ts'],
          globalSetup: serverSetup,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: serverResolve,
        test: {
          name: 'e2e',
          ...sharedWorker,
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: [...serverSetup, 'test/support/browser-server.ts'],
          setupFiles: ['test/support/e2e-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page load under CI's load (two lanes on two cores) can take more than expect.poll's
          // default second to show what it waits for; waits for live changes set their own (LIVE).
          expect: { poll: { timeout: 5_000 } },
          // On CI, a browser test that failed runs once more before the run fails, as Playwright's
          // own CI default does: CPU shared by two lanes on two cores turns a few waits into races
          // (docs/decisions.md). A test that fails twice fails the run.
          retry: process.env.CI ? 1 : 0,
          fileParallelism: false,
        },
      },
    ],
  },
});
