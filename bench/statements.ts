import type pg from 'pg';
import type { Database } from '../src/server/db/client';

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/**
 * Counts the statements the database receives, inside transactions too (BEGIN, COMMIT and
 * savepoints are not counted), so a bench's database work shows as a number. Both databases are
 * driven through a node-postgres pool, and every statement, a transaction's too, goes through a
 * client the pool hands out.
 */
export function countStatements(database: Database) {
  let count = 0;
  const counted = new WeakSet<pg.PoolClient>();
  const pool = database.pool as pg.Pool & { connect(): Promise<pg.PoolClient> };
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  const countOn = (client: pg.PoolClient) => {
    if (counted.has(client)) return client;
    counted.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest) => {
      const text = typeof config === 'string' ? config : ((config as { text?: string }).text ?? '');
      if (!TRANSACTION_CONTROL.test(text)) count++;
      return query(config, ...rest);
    };
    return client;
  };
  (pool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
    const callback = args[0];
    if (typeof callback === 'function')
      return connect((error: unknown, client: pg.PoolClient, release: unknown) =>
        (callback as (...a: unknown[]) => unknown)(error, client && countOn(client), release),
      );
    return (connect() as Promise<pg.PoolClient>).then(countOn);
  };
  return {
    /** All statements so far. */
    count: () => count,
    /** The statements since the last call. */
    take: () => {
      const taken = count;
      count = 0;
      return taken;
    },
  };
}
