import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { withDatabase } from './global-setup';

/** A fresh, migrated database for one test file: a PGlite loaded from the snapshot, or a copy of the template. */
export async function openTestDatabase(): Promise<Database> {
  const copy = await copyPostgresTemplate();
  if (copy) {
    const database = await openDatabase({ kind: 'postgres', url: copy.url });
    return {
      ...database,
      close: async () => {
        await database.close();
        await copy.drop();
      },
    };
  }
  return openPgliteTestDatabase();
}

/**
 * A fresh, migrated database for a server process of its own on `dataDir` (test/support/server-process.ts):
 * on the PostgreSQL lane a copy of the template, named in the environment to start it with;
 * otherwise the snapshot loaded into `dataDir`, where the server looks for its PGlite.
 */
export async function openServerProcessDatabase(
  dataDir: string,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const copy = await copyPostgresTemplate();
  if (copy) return { env: { DATABASE_URL: copy.url }, drop: copy.drop };
  const database = await openDatabase({
    kind: 'pglite',
    dataDir: path.join(dataDir, 'db'),
    loadDataDir: new Blob([await readFile(inject('pgliteSnapshot'))]),
  });
  await database.close();
  return { env: {}, drop: async () => undefined };
}

/** A new database made from the run's migrated template, when the run is on PostgreSQL. */
async function copyPostgresTemplate(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const url = process.env.DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!url || !template) return null;
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  return {
    url: withDatabase(url, name),
    drop: async () => {
      await dropWhenIdle(admin, name);
      await admin.end();
    },
  };
}

/**
 * Loading a PGlite from the snapshot takes seconds (PostgreSQL starting inside WebAssembly), most
 * of a short test file's time. A closed test app's database is emptied instead and kept for the
 * next test app of this worker (files run one after another in a worker that keeps its modules).
 */
const idlePglites: Array<Extract<Database, { kind: 'pglite' }>> = [];

async function openPgliteTestDatabase(): Promise<Database> {
  const database =
    idlePglites.pop() ??
    (await openDatabase({
      kind: 'pglite',
      loadDataDir: new Blob([await readFile(inject('pgliteSnapshot'))]),
    }));
  if (database.kind !== 'pglite') throw new Error('expected PGlite');
  let closed = false;
  return {
    ...database,
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        // Through the pool's one connection, after any statement still queued on it.
        await database.pool.query(EMPTY_EVERY_TABLE);
        idlePglites.push(database);
      } catch {
        await database.close();
      }
    },
  };
}

/** As fresh from the migrations: every table of ours emptied and its identities restarted. */
const EMPTY_EVERY_TABLE = `DO $$
DECLARE tables text;
BEGIN
  SELECT string_agg(format('%I.%I', schemaname, tablename), ', ') INTO tables
    FROM pg_tables WHERE schemaname = 'public';
  IF tables IS NOT NULL THEN
    EXECUTE 'TRUNCATE ' || tables || ' RESTART IDENTITY CASCADE';
  END IF;
END $$`;

/**
 * pool.end() resolves before its connections have finished saying goodbye; a FORCE drop would
 * kill them mid-way and surface as errors in the test run. Wait for them, then drop.
 */
export async function dropWhenIdle(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
