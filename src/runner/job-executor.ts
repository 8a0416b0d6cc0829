import type { ChildProcess } from 'node:child_process';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { maskedValues } from '../shared/ci/trace/masking';
import { RUNNER_INFO, type RunnerClient } from './client';
import { downloadDependencies, uploadArtifacts } from './job-artifacts';
import { jobEnvironment } from './job-environment';
import type { JobSpec } from './job-spec';
import { createJobTrace, type JobTrace } from './job-trace';
import {
  describeIsolation,
  jobDirsFor,
  prepareJobDirs,
  spawnConfined,
  stopProcessGroup,
  visibleDirs,
  type Isolation,
  type JobDirs,
} from './sandbox';
import { bashScript } from './script';

/** GitLab Runner's default: after_script gets five minutes of its own. */
const AFTER_SCRIPT_TIMEOUT_MS = 5 * 60_000;
/** How long the end of a job is reported while the server cannot be reached (it may be restarting). */
const FINAL_UPDATE_MS = 10 * 60_000;

export type ExecutorContext = {
  client: RunnerClient;
  isolation: Isolation;
  buildsDir: string;
  /** Paths no job may see, hidden under an empty directory when they lie in what the sandbox shows. */
  hidePaths: string[];
  /** Where the runner reaches the server's git: the clone URL's scheme, host and path prefix. */
  cloneBaseUrl: string;
  /** The most of a job's log kept and sent, in bytes. */
  outputLimitBytes: number;
};

type Stop = 'canceled' | 'timeout' | 'aborted' | 'interrupted';

/** The clone URL with this runner's way to the server, keeping the job token as credentials. */
export function cloneUrlOf(job: JobSpec, cloneBaseUrl: string): string {
  const given = new URL(job.git_info.repo_url);
  if (!job.job_info.project_full_path) return given.toString();
  const url = new URL(`${cloneBaseUrl.replace(/\/$/, '')}/${job.job_info.project_full_path}.git`);
  url.username = given.username;
  url.password = given.password;
  return url.toString();
}

const durationText = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h ? `${h}h` : ''}${h || m ? `${m}m` : ''}${s}s`;
};

/** One job, start to end: its directories, sources, script and after_script, log and final state. */
export function createJobExecution(ctx: ExecutorContext, job: JobSpec, concurrentId: number) {
  let current: ChildProcess | null = null;
  let stopped: Stop | null = null;
  const trace: JobTrace = createJobTrace(
    ctx.client,
    job,
    maskedValues(job.variables),
    {
      onCancelRequested: () => stop('canceled'),
      onAborted: () => stop('aborted'),
    },
    ctx.outputLimitBytes,
  );

  function stop(reason: Stop): void {
    if (stopped) return;
    stopped = reason;
    if (current) void stopProcessGroup(current);
  }

  /** Runs one process of the job, its output into the log; its exit code (-1 when it could not start). */
  async function run(
    dirs: JobDirs,
    argv: string[],
    env: Record<string, string>,
    cwd?: string,
  ): Promise<number> {
    if (stopped) return -1;
    const child = spawnConfined(ctx.isolation, dirs, argv, env, ctx.hidePaths, 'pipe', cwd);
    current = child;
    child.stdout?.on('data', (chunk: Buffer) => trace.write(chunk));
    child.stderr?.on('data', (chunk: Buffer) => trace.write(chunk));
    const code = await new Promise<number>((resolve) => {
      child.on('error', (error) => {
        trace.error(`ERROR: ${error.message}`);
        resolve(-1);
      });
      child.on('close', (exit, signal) =>
        resolve(exit ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : -1)),
      );
    });
    current = null;
    return code;
  }

  async function getSources(dirs: JobDirs, env: Record<string, string>): Promise<number> {
    const { git_info: git } = job;
    const project = visibleDirs(ctx.isolation, dirs).project;
    const gitEnv = { ...env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1' };
    const depth = git.depth > 0 ? [`--depth=${git.depth}`] : [];
    trace.line(
      git.depth > 0 ? `Fetching changes with git depth set to ${git.depth}...` : 'Fetching changes...',
    );
    const steps: string[][] = [
      ['git', 'init', '-q', project],
      ['git', '-C', project, 'remote', 'add', 'origin', cloneUrlOf(job, ctx.cloneBaseUrl)],
      ['git', '-C', project, 'fetch', '-q', '--no-tags', ...depth, 'origin', ...git.refspecs],
    ];
    for (const [index, argv] of steps.entries()) {
      const code = await run(dirs, argv, gitEnv);
      if (code !== 0) return code;
      if (index === 0)
        trace.line(`Initialized empty Git repository in ${project}/.git/\nCreated fresh repository.`);
    }
    trace.line(`Checking out ${git.sha.slice(0, 8)} as detached HEAD (ref is ${git.ref})...`);
    const checkout = await run(dirs, ['git', '-C', project, 'checkout', '-q', '-f', git.sha], gitEnv);
    if (checkout === 0) trace.line('\nSkipping Git submodules setup');
    return checkout;
  }

  async function runScript(dirs: JobDirs, name: string, commands: string[], env: Record<string, string>) {
    const file = path.join(dirs.host.tmp, `${name}.sh`);
    await writeFile(file, bashScript(commands), { mode: 0o700 });
    const user = ctx.isolation.kind === 'none' ? null : ctx.isolation.jobUser;
    if (user) await chown(file, user.uid, user.gid);
    const inside = path.posix.join(visibleDirs(ctx.isolation, dirs).tmp, `${name}.sh`);
    return run(dirs, ['bash', '--noprofile', '--norc', inside], env);
  }

  /** Runs the job and reports how it ended. */
  async function execute(): Promise<void> {
    const root = await mkdtemp(path.join(ctx.buildsDir, `${job.id}-`));
    const dirs = jobDirsFor(root, job.job_info.project_full_path ?? `project-${job.job_info.project_id}`);
    const timeoutMs = job.runner_info.timeout * 1000;
    const timer = setTimeout(() => stop('timeout'), timeoutMs);
    let outcome: { state: 'success' | 'failed'; failure_reason?: string; exit_code?: number };
    try {
      outcome = await steps(dirs);
    } catch (error) {
      trace.error(
        `ERROR: Job failed (system failure): ${error instanceof Error ? error.message : String(error)}`,
      );
      outcome = { state: 'failed', failure_reason: 'runner_system_failure' };
    } finally {
      clearTimeout(timer);
      await rm(root, { recursive: true, force: true }).catch(() => undefined);
    }
    const output = await trace.close();
    await ctx.client.finishJob(job, { ...outcome, output }, FINAL_UPDATE_MS);
  }

  async function steps(dirs: JobDirs) {
    trace.line(`Running with ${RUNNER_INFO.name} ${RUNNER_INFO.version} (${RUNNER_INFO.revision})`);
    trace.sectionStart('prepare_executor', 'Preparing the "shell" executor');
    trace.line('Using Shell (bash) executor...');
    trace.line(describeIsolation(ctx.isolation));
    trace.sectionEnd('prepare_executor');
    trace.sectionStart('prepare_script', 'Preparing environment');
    await prepareJobDirs(ctx.isolation, dirs);
    const visible = visibleDirs(ctx.isolation, dirs);
    const user = ctx.isolation.kind === 'none' ? null : ctx.isolation.jobUser;
    const { env } = await jobEnvironment(job, visible, dirs.host.tmp, concurrentId, user);
    trace.line(`Running on ${os.hostname()}...`);
    trace.sectionEnd('prepare_script');

    trace.sectionStart('get_sources', 'Getting source from Git repository');
    const fetched = await getSources(dirs, env);
    trace.sectionEnd('get_sources');
    let exitCode = fetched;
    if (fetched === 0 && !(await downloadDependencies(ctx.client, job, trace, dirs.host.project, user)))
      return { state: 'failed' as const, failure_reason: 'missing_dependency_failure' };
    if (fetched === 0) {
      const script = job.steps.find((step) => step.name === 'script');
      trace.sectionStart('step_script', 'Executing "step_script" stage of the job script');
      exitCode = script ? await runScript(dirs, 'step_script', script.script, env) : 0;
      trace.sectionEnd('step_script');
    }
    await afterScript(
      dirs,
      env,
      exitCode === 0 && !stopped ? 'success' : stopped === 'canceled' ? 'canceled' : 'failed',
    );
    if (fetched === 0 && (stopped === null || stopped === 'timeout')) {
      const uploaded = await uploadArtifacts(
        ctx.client,
        job,
        trace,
        dirs.host.project,
        exitCode === 0 && !stopped,
      );
      if (!uploaded && exitCode === 0 && !stopped) exitCode = 1;
    }
    return result(exitCode);
  }

  async function afterScript(dirs: JobDirs, env: Record<string, string>, status: string) {
    const step = job.steps.find((candidate) => candidate.name === 'after_script');
    if (!step || step.script.length === 0 || stopped === 'aborted' || stopped === 'interrupted') return;
    const wasStopped = stopped;
    stopped = null;
    trace.sectionStart('after_script', 'Running after_script');
    trace.line('Running after script...');
    const timer = setTimeout(() => stop('timeout'), AFTER_SCRIPT_TIMEOUT_MS);
    const code = await runScript(dirs, 'after_script', step.script, { ...env, CI_JOB_STATUS: status });
    clearTimeout(timer);
    if (code !== 0)
      trace.warn(`WARNING: after_script failed, but job will continue unaffected: exit code ${code}`);
    trace.sectionEnd('after_script');
    stopped = wasStopped;
  }

  function result(exitCode: number) {
    switch (stopped) {
      case 'timeout':
        trace.error(
          `ERROR: Job failed: execution took longer than ${durationText(job.runner_info.timeout)} seconds`,
        );
        return { state: 'failed' as const, failure_reason: 'job_execution_timeout' };
      case 'canceled':
      case 'aborted':
        trace.error('ERROR: Job failed: canceled');
        return { state: 'failed' as const, failure_reason: 'unknown_failure' };
      case 'interrupted':
        trace.error('ERROR: Job failed (system failure): the runner was stopped');
        return { state: 'failed' as const, failure_reason: 'runner_system_failure' };
      case null:
        if (exitCode === 0) {
          trace.info('Job succeeded');
          return { state: 'success' as const };
        }
        trace.error(`ERROR: Job failed: exit code ${exitCode}`);
        return { state: 'failed' as const, failure_reason: 'script_failure', exit_code: exitCode };
    }
  }

  return { execute, interrupt: () => stop('interrupted') };
}
