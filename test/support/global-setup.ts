import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}

const tmpDir = path.resolve('.tmp');

/**
 * Migrations run once per test run: into a PGlite snapshot that each test file loads, and, when
 * DATABASE_URL is set, into a template database that each test file copies.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await mkdir(tmpDir, { recursive: true });
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `test_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, template) });
    await migrateDatabase(database);
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteSnapshot', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  if (database.kind !== 'pglite') throw new Error('expected PGlite');
  const dump = await database.pglite.dumpDataDir('none');
  const file = path.join(tmpDir, `pglite-snapshot-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  project.provide('postgresTemplate', '');
  // 42 MB a run: left behind, a day of test runs filled gigabytes.
  return () => rm(file, { force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
