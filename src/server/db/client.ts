import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

/** A database or a transaction: every repo function takes one, so services decide the transaction. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type Database =
  | { kind: 'pglite'; db: Db; pglite: PGlite; pool: pg.Pool; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; url: string; close(): Promise<void> };

export type DatabaseOptions =
  { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob } | { kind: 'postgres'; url: string };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    pool.on('connect', queueingQueries);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { kind: 'postgres', db, pool, url: options.url, close: () => pool.end() };
  }
  const pglite = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await pglite.waitReady;
  // One connection, as PGlite is one backend: a transaction holds it and other statements wait,
  // as PGlite's own client makes them. It stays open, with the statements it has prepared.
  const pool = new pg.Pool({ ...(pgliteConnection(pglite) as pg.PoolConfig), max: 1, idleTimeoutMillis: 0 });
  pool.on('connect', preparingEachStatement());
  pool.on('connect', queueingQueries);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    pool,
    close: async () => {
      await pool.end();
      await pglite.close();
    },
  };
}

/**
 * PGlite's node-postgres connection. node-postgres hands its Parse message the query's `types`,
 * which drizzle sets to its result parsers (an object); a server ignores them as parameter types,
 * PGlite's serializer iterates them and throws, so only a list of type ids is passed on.
 */
function pgliteConnection(pglite: PGlite) {
  const config = createPgConfig(pglite);
  const connection = config.connection;
  const parse = connection.parse.bind(connection);
  connection.parse = (query: { types?: unknown }) =>
    parse({ ...query, types: Array.isArray(query.types) ? query.types : undefined });
  return config;
}

/** Distinct statements prepared per database; past this, statements are planned each time. */
const MAX_PREPARED_STATEMENTS = 2_000;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * PGlite is driven through node-postgres (its own adapter), and each distinct statement is prepared
 * once under a name, so PostgreSQL plans it once (a generic plan after five runs) instead of on
 * every run: planning was most of a statement's time inside WebAssembly (the merge request record:
 * 3.4 ms unnamed, 0.7 ms prepared; docs/decisions.md). Not done on a PostgreSQL server, where a
 * pooler in transaction mode would not know a name one connection prepared.
 */
function preparingEachStatement() {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= MAX_PREPARED_STATEMENTS || !PREPARABLE.test(text)) return known;
    const name = `s${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  return (client: pg.PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const named = (config: unknown) => {
      if (
        typeof config !== 'object' ||
        config === null ||
        !('text' in config) ||
        ('name' in config && config.name)
      )
        return config;
      const name = nameOf(String(config.text));
      return name ? { ...config, name } : config;
    };
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
      config: unknown,
      ...rest: unknown[]
    ) => query(named(config), ...rest);
  };
}

type Callback = (error: Error | null, result?: unknown) => void;
const settledEither = () => undefined;

/**
 * Runs a client's queries one after another, in the order they were asked. A transaction holds one
 * client, and a service that reads several things at once inside it (`Promise.all` over `tx`, as
 * the approval settings chain does while a push moves a request's head) hands node-postgres a query
 * while another runs: pg 8 queues it with a deprecation warning, pg 9 will throw. Queued here they
 * run as pg 8 ran them; an idle client, the common path, is asked at once.
 */
function queueingQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  /** Settles once the last query asked has answered, whatever it answered; null when none runs. */
  let last: Promise<unknown> | null = null;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    // A submittable (a cursor, a stream) answers through events, not a promise: as node-postgres has it.
    if (typeof (args[0] as { submit?: unknown } | null)?.submit === 'function') return query(...args);
    const callback = typeof args.at(-1) === 'function' ? (args.pop() as Callback) : undefined;
    const asked = (last ? last.then(() => query(...args)) : query(...args)) as Promise<unknown>;
    // The caller gets the answer or the error through `asked`; the queue only waits for it to end.
    const settled = asked.then(settledEither, settledEither);
    last = settled;
    void settled.then(() => {
      if (last === settled) last = null;
    });
    if (!callback) return asked;
    asked.then(
      (result) => callback(null, result),
      (error: Error) => callback(error),
    );
    return undefined;
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  await migratePg(database.db as Parameters<typeof migratePg>[0], { migrationsFolder });
}

/** Raw SQL for what the query builder cannot say (recursive CTEs); both drivers answer with `rows`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
