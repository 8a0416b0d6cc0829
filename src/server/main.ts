import './heap-tuning';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { bootstrapInstance, signInInstructions } from './bootstrap';
import { loadConfig } from './config';
import { createContainer } from './container';
import { ROOT_PASSWORD_FILE } from './features/users/bootstrap-root';
import { openDeps } from './start';
import { startStuckJobSweep } from './ci-sweeper';
import { startEmbeddedRunner, type EmbeddedRunner } from './embedded-runner';

const startedAt = performance.now();
const config = loadConfig();
const deps = await openDeps(config);
const container = createContainer(deps);
const app = await buildApp(deps, { logger: { level: config.logLevel }, container });
const report = await bootstrapInstance(container);
// A Geo secondary writes nothing: the primary's workers run the jobs.
if (!config.geoSecondary) {
  // Merges a process that is gone left `locked` (this one's predecessor, killed mid-merge) are
  // settled before anyone asks: merged if the target holds their commit, open again otherwise.
  const settled = await container.mergeRequests.settleInterruptedMerges();
  if (settled > 0) app.log.warn(`settled ${settled} merge(s) cut short by a process that is gone`);
  container.jobs.start((error) => app.log.error({ err: error }, 'a background job failed to run'));
}
const stopSweep = config.geoSecondary
  ? () => undefined
  : startStuckJobSweep(
      container.ciJobs,
      (error) => app.log.error({ err: error }, 'the CI sweep failed'),
      container.artifacts,
      container.resourceGroups,
    );
const stopRefCleanup = container.pipelines.startRefCleanup();
// Every process sweeps for due schedules; each run is taken once (FOR UPDATE SKIP LOCKED).
const stopScheduler = config.geoSecondary
  ? () => undefined
  : container.pipelineScheduler.start((error) =>
      app.log.error({ err: error }, 'the pipeline scheduler failed'),
    );
let runner: EmbeddedRunner | null = null;

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received, shutting down`);
  runner?.stop();
  stopSweep();
  stopRefCleanup();
  stopScheduler();
  await container.jobs.stop();
  await app.close();
  await container.processes.close();
  await deps.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
if (config.runner === 'embedded' && !config.geoSecondary) {
  const port = (app.server.address() as { port: number }).port;
  const logger = { info: (line: string) => app.log.info(line), error: (line: string) => app.log.error(line) };
  runner = await startEmbeddedRunner(
    { config, runners: container.runners, logger, isolation: container.runnerIsolation },
    `http://127.0.0.1:${port}`,
  );
} else app.log.info('No runner started (RUNNER=none): jobs wait for a runner to take them');
const readyMs = Math.round(performance.now() - startedAt);
console.log(
  `\n${signInInstructions(report, config.externalUrl, path.join(config.dataDir, ROOT_PASSWORD_FILE))}`,
);
console.log(`Ready in ${readyMs} ms (data: ${config.dataDir})\n`);
