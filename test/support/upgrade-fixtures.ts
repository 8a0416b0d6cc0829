import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { withDatabase } from './global-setup';
import { dropWhenIdle } from './test-database';

/**
 * Instances made by earlier releases of main (scripts/make-upgrade-fixture.sh): each is a plain SQL
 * dump of its PostgreSQL database, its DATA_DIR without the database, and what to sign in with.
 */
const FIXTURES_DIR = path.resolve('test/fixtures/upgrade');

export type UpgradeFixture = {
  name: string;
  release: { commit: string; subject: string; lastMigration: string };
  /** Users who sign in with these. */
  passwords: Record<string, string>;
  /** Blocked users' passwords: refused. */
  blockedPasswords: Record<string, string>;
  /** Personal access tokens as they were shown once on creation. */
  tokens: Array<{ username: string; scopes: string[]; token: string }>;
};

export function upgradeFixtures(): UpgradeFixture[] {
  return readdirSync(FIXTURES_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({
      name: file.replace(/\.json$/, ''),
      ...(JSON.parse(readFileSync(path.join(FIXTURES_DIR, file), 'utf8')) as Omit<UpgradeFixture, 'name'>),
    }));
}

/** Every row of every table of ours, as `to_jsonb` gives it, and the migration journal. */
export type DatabaseSnapshot = {
  tables: Map<string, Array<Record<string, unknown>>>;
  journal: Array<{ hash: string; created_at: string }>;
};

type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

export async function snapshotDatabase(query: Query): Promise<DatabaseSnapshot> {
  const names = await query(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const tables = new Map<string, Array<Record<string, unknown>>>();
  for (const { name } of names) {
    const rows = await query(`SELECT to_jsonb(t) AS row FROM public."${String(name)}" t`);
    tables.set(
      String(name),
      rows.map(({ row }) => row as Record<string, unknown>),
    );
  }
  const journal = await query('SELECT hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY id');
  return { tables, journal: journal as DatabaseSnapshot['journal'] };
}

/**
 * The rows of `after` seen through the columns `before` had (less any a migration rewrites on
 * purpose), in a comparable order: what an earlier release stored, and whether it is all still
 * there, value for value.
 */
export function rowsAsBefore(
  before: Array<Record<string, unknown>>,
  after: Array<Record<string, unknown>>,
  rewritten: string[] = [],
): { before: string[]; after: string[] } {
  const columns = Object.keys(before[0] ?? {}).filter((column) => !rewritten.includes(column));
  const project = (row: Record<string, unknown>) =>
    JSON.stringify(Object.fromEntries(columns.map((column) => [column, row[column]])));
  return { before: before.map(project).sort(), after: after.map(project).sort() };
}

/**
 * The fixture's database loaded where today's server will look for it: a PGlite in `dataDir/db`,
 * or, when the run is on PostgreSQL (DATABASE_URL), a new database on that server. Its DATA_DIR
 * (repositories, uploads) is unpacked into `dataDir`. Returns the snapshot as the old release
 * left it, the environment to start today's server with, and how to drop the database.
 */
export async function loadUpgradeFixture(
  fixture: UpgradeFixture,
  dataDir: string,
): Promise<{ before: DatabaseSnapshot; env: Record<string, string>; drop: () => Promise<void> }> {
  const base = path.join(FIXTURES_DIR, fixture.name);
  await promisify(execFile)('tar', ['-xzf', `${base}.data.tar.gz`, '-C', dataDir]);
  const sql = gunzipSync(readFileSync(`${base}.sql.gz`)).toString('utf8');
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `upgrade_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const client = new pg.Client({ connectionString: withDatabase(url, name) });
    await client.connect();
    try {
      await client.query(sql);
      await client.query('RESET search_path');
      const before = await snapshotDatabase(
        async (text) => (await client.query<Record<string, unknown>>(text)).rows,
      );
      return {
        before,
        env: { DATABASE_URL: withDatabase(url, name) },
        drop: async () => {
          await dropWhenIdle(admin, name);
          await admin.end();
        },
      };
    } finally {
      await client.end();
    }
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  if (database.kind !== 'pglite') throw new Error('expected PGlite');
  try {
    await database.pglite.exec(sql);
    await database.pglite.exec('RESET search_path');
    const before = await snapshotDatabase(
      async (text) => (await database.pglite.query<Record<string, unknown>>(text)).rows,
    );
    return { before, env: {}, drop: async () => undefined };
  } finally {
    await database.close();
  }
}
