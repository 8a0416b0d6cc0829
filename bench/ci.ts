// Issue 24's CI figures, each beside a floor measured in the same run: a push reaching a waiting
// runner, creating a 500-job pipeline, and 100 jobs' logs arriving whole from 4 runner processes.
import { createHash } from 'node:crypto';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { parse as parseYaml } from 'yaml';
import { ciBuilds } from '../src/server/db/schema';
import { cloneUrl, createGitClient, tempDir } from '../test/integration/git-helpers';
import { instanceRunnerToken, pushFiles, startRunnerProcess, waitUntil } from '../test/support/ci';
import { buildProject } from '../test/support/factories';
import { withBenchServer, type BenchServer } from './server';

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => sorted(values)[Math.ceil(values.length * 0.95) - 1]!;

async function listening({ app }: BenchServer): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

export type PickupFigures = {
  runs: number;
  /** From the push's end to the job in the runner's hands (0 when the runner had it before git returned). */
  pickupP95Ms: number;
  pickupMedianMs: number;
  /** From the push's start to the job in the runner's hands, beside the push's own duration. */
  fromStartP95Ms: number;
  pushP95Ms: number;
};

/**
 * A runner waits in `POST /jobs/request` (as gitlab-runner's long poll does); a `git push` of a
 * one-job `.gitlab-ci.yml` ends; how long after that end the runner holds the job. The floor is
 * the push itself (receive-pack, hooks and all), timed the same way.
 */
export function measurePickup(runs = 20): Promise<PickupFigures> {
  return withBenchServer('ci-pickup', async (server) => {
    const baseUrl = await listening(server);
    const project = await buildProject(server.container, server.owner);
    const runner = handPlayedRunner(baseUrl, await instanceRunnerToken(server.container));
    const home = await tempDir('bench-pickup-');
    const git = createGitClient(home);
    const work = path.join(home, 'work');
    const url = cloneUrl(baseUrl, project.fullPath, {
      user: server.owner.username,
      secret: server.owner.token,
    });
    await git(home, ['clone', '-q', url, work]);
    const pickups: number[] = [];
    const pushes: number[] = [];
    const fromStart: number[] = [];
    try {
      for (let run = 0; run < runs; run++) {
        const waiting = runner.requestJob().then((job) => ({ job, at: performance.now() }));
        await new Promise((resolve) => setTimeout(resolve, 100));
        await appendFile(
          path.join(work, '.gitlab-ci.yml'),
          run === 0 ? 'job:\n  script: [echo]\n' : `# ${run}\n`,
        );
        await git(work, ['add', '-A']);
        await git(work, ['commit', '-qm', `run ${run}`]);
        const started = performance.now();
        const pushed = await git(work, ['push', '-q', 'origin', 'HEAD:main']);
        const ended = performance.now();
        if (pushed.code !== 0) throw new Error(pushed.stderr);
        const { job, at } = await waiting;
        if (!job) throw new Error(`no job after push ${run}`);
        await runner.finish(job);
        pickups.push(Math.max(at - ended, 0));
        pushes.push(ended - started);
        fromStart.push(at - started);
      }
    } finally {
      await rm(home, { recursive: true, force: true });
    }
    return {
      runs,
      pickupP95Ms: p95(pickups),
      pickupMedianMs: median(pickups),
      fromStartP95Ms: p95(fromStart),
      pushP95Ms: p95(pushes),
    };
  });
}

/**
 * A runner's two calls, as gitlab-runner makes them: `POST /jobs/request` (long-polled; null on
 * 204) and `PUT /jobs/:id` to end the job. The bench's own clock starts when the answer is read.
 */
function handPlayedRunner(baseUrl: string, token: string) {
  const post = (path: string, method: string, body: object, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}/api/v4/${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  return {
    async requestJob(): Promise<{ id: number; token: string } | null> {
      const answer = await post('jobs/request', 'POST', { token, info: { features: {} } });
      return answer.status === 201 ? ((await answer.json()) as { id: number; token: string }) : null;
    },
    async finish(job: { id: number; token: string }) {
      await post(`jobs/${job.id}`, 'PUT', { token: job.token, state: 'success' }, { 'job-token': job.token });
    },
  };
}

export type CreationFigures = { jobs: number; createMs: number; floorMs: number };

/** 500 jobs in 10 stages, each needing two jobs of the stage before (a DAG as large projects write). */
export function largeConfig(jobs = 500): string {
  const stages = 10;
  const perStage = jobs / stages;
  const lines = [`stages: [${Array.from({ length: stages }, (_, s) => `s${s}`).join(', ')}]`];
  for (let s = 0; s < stages; s++)
    for (let j = 0; j < perStage; j++) {
      lines.push(`job-${s}-${j}:`, `  stage: s${s}`, `  script: [echo ${s} ${j}]`);
      if (s > 0) lines.push(`  needs: [job-${s - 1}-${j}, job-${s - 1}-${(j + 1) % perStage}]`);
    }
  return `${lines.join('\n')}\n`;
}

/**
 * `POST /projects/:id/pipeline` on a commit holding a 500-job `.gitlab-ci.yml`, median of 7, next
 * to its floor: parsing the same YAML with `yaml` and one multi-row insert of the same job rows.
 */
export function measurePipelineCreation(runs = 7): Promise<CreationFigures> {
  return withBenchServer('ci-create', async (server) => {
    const { app, container, owner, deps } = server;
    const baseUrl = await listening(server);
    const project = await buildProject(container, owner);
    const config = largeConfig();
    await pushFiles(baseUrl, project.fullPath, owner, { '.gitlab-ci.yml': config });
    const create = async () => {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: `/api/v4/projects/${project.project.id}/pipeline?ref=main`,
        headers: owner.headers,
      });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 201) throw new Error(response.body);
      return { elapsed, id: response.json<{ id: number }>().id };
    };
    const floorOnce = async (rows: (typeof ciBuilds.$inferInsert)[]) => {
      const started = performance.now();
      parseYaml(config);
      await deps.database.db
        .transaction(async (tx) => {
          await tx.insert(ciBuilds).values(rows);
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
        });
      return performance.now() - started;
    };
    const created: number[] = [];
    const floors: number[] = [];
    let rows: (typeof ciBuilds.$inferInsert)[] = [];
    for (let run = 0; run < runs; run++) {
      const { elapsed, id } = await create();
      created.push(elapsed);
      if (rows.length === 0) {
        const written = await deps.database.db.select().from(ciBuilds).where(eq(ciBuilds.pipelineId, id));
        rows = written.map(({ id: _id, ...row }) => row);
      }
      floors.push(await floorOnce(rows));
    }
    if (rows.length !== 500) throw new Error(`expected 500 jobs, got ${rows.length}`);
    return { jobs: rows.length, createMs: median(created), floorMs: median(floors) };
  });
}

export type TraceFigures = {
  jobs: number;
  mibPerJob: number;
  runners: number;
  wallMs: number;
  /** Every job's log held exactly the bytes it printed (SHA-256), once. */
  intact: number;
  ranTwice: number;
  serverCpuMsPerMib: number;
  floorCpuMsPerMib: number;
};

const LOG_BYTES = 2 * 1024 * 1024;
/** What job `index` prints: 2 MiB of numbered lines, the same each time so the server's copy can be checked. */
function expectedLog(index: number): Buffer {
  const lines: string[] = [];
  let size = 0;
  for (let line = 0; size < LOG_BYTES; line++) {
    const text = `job ${index} line ${line} ${'x'.repeat(60)}\n`;
    lines.push(text);
    size += text.length;
  }
  return Buffer.from(lines.join('')).subarray(0, LOG_BYTES);
}
/** The script printing it: awk writes the same lines and stops at the same byte. */
const printScript =
  `awk -v n=$CI_NODE_INDEX -v max=${LOG_BYTES} 'BEGIN { x = sprintf("%60s", ""); gsub(/ /, "x", x); ` +
  `for (i = 0; s < max; i++) { l = "job " n " line " i " " x "\\n"; ` +
  `if (s + length(l) > max) l = substr(l, 1, max - s); printf "%s", l; s += length(l) } }'`;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * 100 jobs (`parallel: 100`) each print 2 MiB, taken by 4 runner processes (2 jobs at once each).
 * Every log is checked byte for byte between its start and end markers; the server's CPU time per
 * MiB of log is set beside appending the same bytes, in the runner's 64 KiB pieces, to a file.
 */
export function measureTraces(jobs = 100, runners = 4): Promise<TraceFigures> {
  return withBenchServer('ci-traces', async (server) => {
    const { app, container, owner } = server;
    const baseUrl = await listening(server);
    const project = await buildProject(container, owner);
    const token = await instanceRunnerToken(container);
    const processes = Array.from({ length: runners }, () =>
      startRunnerProcess({ url: baseUrl, token, concurrent: 2 }),
    );
    try {
      await Promise.all(processes.map((runner) => runner.waitForOutput(/Runner started/)));
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const sha = await pushFiles(baseUrl, project.fullPath, owner, {
        '.gitlab-ci.yml': [
          'print:',
          `  parallel: ${jobs}`,
          '  script:',
          '    - echo "== begin $CI_NODE_INDEX"',
          `    - ${JSON.stringify(printScript)}`,
          '    - echo "== end $CI_NODE_INDEX"',
        ].join('\n'),
      });
      const api = `/api/v4/projects/${project.project.id}`;
      const [pipeline] = await waitUntil(
        async () =>
          (await app.inject({ url: `${api}/pipelines?sha=${sha}`, headers: owner.headers })).json<
            Array<{ id: number; status: string }>
          >(),
        (list) => ['success', 'failed'].includes(list[0]?.status ?? ''),
        600_000,
      );
      const wallMs = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      const listed = await app.inject({
        url: `${api}/pipelines/${pipeline!.id}/jobs?per_page=100`,
        headers: owner.headers,
      });
      let intact = 0;
      let ranTwice = 0;
      for (const job of listed.json<Array<{ id: number; name: string }>>()) {
        const index = Number(/(\d+)\/\d+$/.exec(job.name)![1]);
        const trace = (await app.inject({ url: `${api}/jobs/${job.id}/trace`, headers: owner.headers }))
          .rawPayload;
        const text = trace.toString('latin1');
        if (text.split(`== begin ${index}\n`).length > 2) ranTwice++;
        // The printed bytes lie between the awk command's echo and the next command's (a runner
        // may end an unterminated last line before echoing the next command).
        const from = text.indexOf(`job ${index} line 0 `);
        const to = text.indexOf(`$ echo "== end`);
        const printed = trace.subarray(from, from + LOG_BYTES);
        if (from >= 0 && to >= from + LOG_BYTES && sha256(printed) === sha256(expectedLog(index))) intact++;
      }
      const mib = (jobs * LOG_BYTES) / (1024 * 1024);
      return {
        jobs,
        mibPerJob: LOG_BYTES / (1024 * 1024),
        runners,
        wallMs,
        intact,
        ranTwice,
        serverCpuMsPerMib: (cpu.user + cpu.system) / 1000 / mib,
        floorCpuMsPerMib: (await fileWriteCpuMs(jobs)) / mib,
      };
    } finally {
      await Promise.all(processes.map((runner) => runner.stop('SIGTERM')));
    }
  });
}

/** CPU time of appending every job's log to a file of its own in 64 KiB pieces. */
async function fileWriteCpuMs(jobs: number): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-trace-floor-'));
  try {
    const logs = Array.from({ length: jobs }, (_, index) => expectedLog(index + 1));
    const before = process.cpuUsage();
    for (const [index, log] of logs.entries())
      for (let offset = 0; offset < log.length; offset += 64 * 1024)
        await appendFile(path.join(dir, `${index}.log`), log.subarray(offset, offset + 64 * 1024));
    const cpu = process.cpuUsage(before);
    return (cpu.user + cpu.system) / 1000;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
