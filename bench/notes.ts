// The Activity section's server figure: discussions.json on a busy merge request, next to an empty Fastify route.
import { countStatements } from './statements';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createContainer } from '../src/server/container';
import { openDeps } from '../src/server/start';
import { ACCESS_LEVELS } from '../src/shared/access/accessLevels';
import { addProjectMember, buildUser } from '../test/support/factories';
import { mergeRequestOn } from './fixtures';

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

export type NotesFigures = {
  discussions: number;
  notes: number;
  /** One `discussions.json` request, as the page pages through (20, then x1.5 up to 100). */
  pageP95Ms: number;
  /**
   * The same request's CPU time (this process: server and PGlite), p95: what a page costs,
   * which the other work on a shared machine stretches in wall time but cannot inflate.
   */
  pageCpuP95Ms: number;
  /** Every page of the merge request's activity, one after the other. */
  fullLoadMs: number;
  /** The same, first load after the notes were written: every note's markdown rendered. */
  coldLoadMs: number;
  floorP95Ms: number;
  /** Database statements per `discussions.json` page, warm (the same for every page size). */
  queriesPerPage: number[];
};

/**
 * `BENCH_NOTES_PROFILE=file.cpuprofile` records a CPU profile of the measured rounds (open it in
 * Chrome's DevTools): where a page's time goes, beyond the figure.
 */
async function profiled<T>(run: () => Promise<T>): Promise<T> {
  const file = process.env.BENCH_NOTES_PROFILE;
  if (!file) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
  }
}

const DISCUSSIONS = 300;
const NOTES_PER_DISCUSSION = 5;
const DIFF_DISCUSSIONS = 50;
/** People writing the notes, half of them members: a page names many authors, as a busy request does. */
const COMMENTERS = 10;

/** Spec 001 section 9: the first page holds 20 discussions, each next one 1.5 times more, up to 100. */
const pageSizes = (function* () {
  let size = 20;
  for (;;) {
    yield size;
    size = Math.min(100, Math.round(size * 1.5));
  }
})();

/**
 * A merge request with 300 discussions of 5 notes (1,500 notes by 10 people, 50 threads on diff lines),
 * its activity loaded as the page loads it, timed per request, against an empty Fastify route.
 */
export async function measureNotes(): Promise<NotesFigures> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-notes-'));
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', RUNNER: 'none', LOG_LEVEL: 'warn' });
  const deps = await openDeps(config);
  try {
    const container = createContainer(deps);
    const app = await buildApp(deps, { container });
    const owner = await buildUser(container);
    const mr = await mergeRequestOn(container, owner, 5, 20);
    const fullPath = mr.url.split('/-/')[0]!.slice(1);
    const noteable = await container.noteables.byIid(owner, 'MergeRequest', fullPath, 1);
    const refs = { base_sha: mr.baseSha, start_sha: mr.baseSha, head_sha: mr.headSha };
    const commenters = [owner];
    for (let n = 1; n < COMMENTERS; n++) {
      const user = await buildUser(container, { name: `Commenter ${n}` });
      if (n % 2 === 0) await addProjectMember(container, noteable.ctx, user, ACCESS_LEVELS.developer);
      commenters.push(user);
    }

    for (let d = 0; d < DISCUSSIONS; d++) {
      // Diff threads sit on the changed lines of the first files (2, 4, ... 20 of each).
      const file = `src/module-0/file-${Math.floor(d / 10)}.ts`;
      const onDiff = d < DIFF_DISCUSSIONS;
      const first = await container.notes.create(commenters[d % COMMENTERS]!, noteable, {
        body: `Thread ${d}: does this **handle** the \`edge\` case?`,
        type: 'DiscussionNote',
        ...(onDiff
          ? {
              position: {
                ...refs,
                old_path: file,
                new_path: file,
                position_type: 'text' as const,
                old_line: null,
                new_line: ((d % 10) + 1) * 2,
              },
            }
          : {}),
      });
      for (let r = 1; r < NOTES_PER_DISCUSSION; r++) {
        await container.notes.create(commenters[(d + r) % COMMENTERS]!, noteable, {
          body: `Reply ${r} to thread ${d}, with a [link](https://example.com) and some _emphasis_.`,
          inReplyToDiscussionId: first.note.discussionId,
        });
      }
    }

    const queries = countStatements(deps.database);
    const queriesPerPage: number[] = [];
    const cpuTimes: number[] = [];
    const loadAll = async (times: number[]) => {
      let cursor: string | undefined;
      const sizes = pageSizes;
      do {
        const query = `per_page=${sizes.next().value}${cursor ? `&cursor=${cursor}` : ''}`;
        queries.take();
        const cpu = process.cpuUsage();
        const started = performance.now();
        const response = await app.inject({
          method: 'GET',
          url: `${mr.url}/discussions.json?${query}`,
          headers: owner.headers,
        });
        times.push(performance.now() - started);
        const used = process.cpuUsage(cpu);
        cpuTimes.push((used.user + used.system) / 1000);
        queriesPerPage.push(queries.take());
        if (response.statusCode !== 200) throw new Error(`discussions.json answered ${response.statusCode}`);
        cursor = response.headers['x-next-page-cursor'] as string | undefined;
      } while (cursor);
    };

    const coldStarted = performance.now();
    await loadAll([]);
    const coldLoadMs = performance.now() - coldStarted;
    const pageTimes: number[] = [];
    const fullTimes: number[] = [];
    queriesPerPage.length = 0;
    cpuTimes.length = 0;
    await profiled(async () => {
      for (let round = 0; round < 5; round++) {
        const started = performance.now();
        await loadAll(pageTimes);
        fullTimes.push(performance.now() - started);
      }
    });

    const floor = Fastify();
    floor.get('/', async () => []);
    const floorTimes: number[] = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      await floor.inject({ method: 'GET', url: '/' });
      floorTimes.push(performance.now() - started);
    }
    await floor.close();
    await app.close();

    return {
      discussions: DISCUSSIONS,
      notes: DISCUSSIONS * NOTES_PER_DISCUSSION,
      pageP95Ms: p95(pageTimes),
      pageCpuP95Ms: p95(cpuTimes),
      fullLoadMs: p95(fullTimes),
      coldLoadMs,
      floorP95Ms: p95(floorTimes),
      queriesPerPage: [...new Set(queriesPerPage)],
    };
  } finally {
    await deps.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
