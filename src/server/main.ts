import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDeps } from './start';

const startedAt = performance.now();
const config = loadConfig();
const deps = await openDeps(config);
const app = await buildApp(deps, { logger: { level: config.logLevel } });

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received, shutting down`);
  await app.close();
  await deps.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const readyMs = Math.round(performance.now() - startedAt);
console.log(`\nReady in ${readyMs} ms at ${config.externalUrl}  (data: ${config.dataDir})`);
