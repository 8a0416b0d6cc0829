import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { systemClock, systemRandom } from './clock';
import type { Config } from './config';
import type { AppDeps } from './container';
import { migrateDatabase, openDatabase, type Database } from './db/client';
import { createInProcessBus, createPostgresBus, type EventBus } from './realtime/bus';

/** Opens what the server stands on: the database (migrated) and the event bus. */
export async function openDeps(config: Config): Promise<AppDeps & { close(): Promise<void> }> {
  await mkdir(config.repositoriesDir, { recursive: true });
  const database: Database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
  await migrateDatabase(database);
  const bus: EventBus =
    database.kind === 'postgres'
      ? await createPostgresBus(database.pool, database.url)
      : createInProcessBus();
  return {
    config,
    database,
    bus,
    clock: systemClock,
    random: systemRandom,
    close: async () => {
      await bus.close();
      await database.close();
    },
  };
}
