import { vi } from 'vitest';
import type { TestApp } from './test-app';

/** Counts the statements the database receives while `run` runs, outside transactions. */
export async function countQueries(t: Pick<TestApp, 'deps'>, run: () => Promise<unknown>): Promise<number> {
  // Both databases are driven through a node-postgres pool (PGlite through its adapter).
  const spy = vi.spyOn(t.deps.database.pool, 'query');
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}
