import { defineConfig } from 'vitest/config';

const serverSetup = ['test/support/global-setup.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}'],
          // Primer's components import their CSS; inlined, Vite handles it for server-rendered component tests.
          server: { deps: { inline: [/@primer\/react/] } },
        },
      },
      {
        test: {
          name: 'integration',
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
        test: {
          name: 'conformance',
          include: ['test/conformance/**/*.test.ts'],
          globalSetup: serverSetup,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: serverSetup,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
