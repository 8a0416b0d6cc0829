import { vi } from 'vitest';
import type { TestApp } from './test-app';

/** Counts the statements the database receives while `run` runs (PGlite or node-postgres). */
export async function countQueries(t: Pick<TestApp, 'deps'>, run: () => Promise<unknown>): Promise<number> {
  const database = t.deps.database;
  const spy =
    database.kind === 'pglite' ? vi.spyOn(database.pglite, 'query') : vi.spyOn(database.pool, 'query');
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}
