import { mkdir } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { createClient } from './client';
import { createJobExecution } from './job-executor';
import { readOptions } from './options';
import { describeIsolation, detectIsolation } from './sandbox';

/** Without a long-polling server, asks again after this (gitlab-runner's default check interval). */
const CHECK_INTERVAL_MS = 3000;

const log = (message: string) => process.stdout.write(`${message}\n`);

const options = await readOptions(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
const client = createClient(options.url, options.token);

/** The server may still be starting: its answer is awaited for a minute. */
async function verify(): Promise<boolean> {
  for (let attempt = 0; attempt < 60; attempt++) {
    try {
      return await client.verify();
    } catch {
      await delay(1000);
    }
  }
  return false;
}

if (!(await verify())) {
  log('Verifying runner... is removed (the server does not know this runner token)');
  process.exit(1);
}
await mkdir(options.buildsDir, { recursive: true, mode: 0o711 });
const isolation = await detectIsolation(options.buildsDir, options.hidePaths);
log(describeIsolation(isolation));

const context = {
  client,
  isolation,
  buildsDir: options.buildsDir,
  hidePaths: options.hidePaths,
  cloneBaseUrl: options.cloneUrl ?? options.url,
  outputLimitBytes: options.outputLimit * 1024,
};
const executions = new Set<ReturnType<typeof createJobExecution>>();
const polls = new AbortController();
let stopping = false;
let exitCode = 0;

/** One slot: asks for a job (the server holds the request until there is one), runs it, asks again. */
async function worker(slot: number): Promise<void> {
  while (!stopping) {
    const asked = Date.now();
    let answer;
    try {
      answer = await client.requestJob(polls.signal);
    } catch (error) {
      if (stopping) break;
      log(`Checking for jobs... failed: ${error instanceof Error ? error.message : String(error)}`);
      await delay(CHECK_INTERVAL_MS);
      continue;
    }
    if (answer.kind === 'forbidden') {
      log('Checking for jobs... forbidden (the runner token is no longer valid)');
      exitCode = 1;
      stopping = true;
      polls.abort();
      break;
    }
    if (answer.kind === 'none') {
      if (Date.now() - asked < 1000) await delay(CHECK_INTERVAL_MS);
      continue;
    }
    log(`Checking for jobs... received job ${answer.job.id} (${answer.job.job_info.name})`);
    const execution = createJobExecution(context, answer.job, slot);
    executions.add(execution);
    await execution
      .execute()
      .catch((error: unknown) => log(`Job ${answer.job.id} failed to run: ${String(error)}`));
    executions.delete(execution);
    log(`Job ${answer.job.id} finished`);
  }
}

/**
 * SIGTERM (and the server that started an embedded runner going away) stop it gracefully: no new
 * job is taken, running jobs finish and report. A second signal, or SIGINT, stops the jobs too.
 */
function shutdown(force: boolean): void {
  if (stopping) force = true;
  stopping = true;
  polls.abort();
  if (force) for (const execution of executions) execution.interrupt();
}
process.on('SIGTERM', () => shutdown(false));
process.on('SIGINT', () => shutdown(true));
if (options.embedded) {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid !== parent) shutdown(false);
  }, 2000);
  watch.unref();
}

log(`Runner started: ${options.concurrent} concurrent job(s), builds in ${options.buildsDir}`);
await Promise.all(Array.from({ length: options.concurrent }, (_, slot) => worker(slot)));
log('Runner stopped');
process.exit(exitCode);
