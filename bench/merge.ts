// Issue 5's merge figure: a server merge of a 1,000-file merge request on a 10,000-file
// repository, through the REST API, next to git's own merge of the same commits (merge-tree,
// commit-tree and the ref transaction).
import { countStatements } from './statements';
import { performance } from 'node:perf_hooks';
import { ZERO_SHA, branchRef, resolveCommit, updateRefs } from '../src/server/git/repository';
import { prepareMerge } from '../src/server/git/merge';
import { runGit } from '../src/server/git/run-git';
import { buildProject } from '../test/support/factories';
import { codeLine, importCommits, type NewFile } from './fixtures';
import { gitMerge, startGitFloor } from './git-floor';
import { withBenchServer } from './server';

const FILES = 10_000;
/** Every tenth file, so the change reaches all 200 directories of the tree. */
const CHANGED_EVERY = 10;
/** The target moves too (50 other files) after the branch was made, so the merge is a real three-way one. */
const TARGET_CHANGED_EVERY = 200;
const RUNS = 20;

/** Median and 95th percentile of one case's runs, in milliseconds. */
export type Timing = { medianMs: number; p95Ms: number };

export type MergeFigures = {
  files: number;
  changedFiles: number;
  runs: number;
  /** `PUT /api/v4/projects/:id/merge_requests/:iid/merge`, through the real routes. */
  merge: Timing;
  /** The git part of it: prepareMerge and the ref transaction, as the merge service calls them. */
  gitSteps: Timing;
  /** Plain git (merge-tree, commit-tree, the ref transaction), from a small process of its own. */
  floor: Timing;
  /** The same three git commands started from the bench's own (server's) process. */
  floorInProcess: Timing;
  /** SQL statements of one merge (median): before its answer, and after it (listeners, work left for later). */
  statements: { beforeAnswer: number; afterAnswer: number };
};

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => sorted(values)[Math.ceil(values.length * 0.95) - 1]!;
const summary = (values: number[]): Timing => ({ medianMs: median(values), p95Ms: p95(values) });

const file = (n: number, version: string): NewFile => ({
  path: `src/module-${Math.floor(n / 50)}/file-${n}.ts`,
  content: Array.from({ length: 20 }, (_, line) => codeLine(n, line, line === 3 ? version : 'base')).join(''),
});

/**
 * 10,000 files on `main`; `feature` changes 1,000 of them and `main` moves on by 50 others. Each
 * round opens a fresh merge request and reads it as the merger's page would (which checks its
 * mergeability), then times, in a rotating order and with both branches reset before anything
 * that moves them: `PUT .../merge`, the merge's git steps alone, and git's own merge of the same
 * two commits from a small process and from this one.
 */
export function measureMerge(): Promise<MergeFigures> {
  return withBenchServer('merge', async ({ deps, container, app, owner }) => {
    const project = await buildProject(container, owner);
    const { gitDir } = project;
    const all = Array.from({ length: FILES }, (_, n) => n);
    await importCommits(gitDir, [
      {
        branch: 'main',
        message: 'Base',
        files: all.map((n) => file(n, 'base')),
        from: await resolveCommit(gitDir, branchRef('main')),
      },
      {
        branch: 'feature',
        message: 'Change 1,000 files',
        files: all.filter((n) => n % CHANGED_EVERY === 0).map((n) => file(n, 'feature')),
        from: branchRef('main'),
      },
      {
        branch: 'main',
        message: 'Move the target',
        files: all.filter((n) => n % TARGET_CHANGED_EVERY === 5).map((n) => file(n, 'main')),
        from: null,
      },
    ]);
    const targetHead = (await resolveCommit(gitDir, branchRef('main')))!;
    const sourceHead = (await resolveCommit(gitDir, branchRef('feature')))!;
    const api = `/api/v4/projects/${project.project.id}/merge_requests`;

    const restore = async () => {
      await runGit(gitDir, ['update-ref', branchRef('main'), targetHead]);
      await runGit(gitDir, ['update-ref', branchRef('feature'), sourceHead]);
    };
    const merger = { name: owner.name, email: owner.email, date: new Date() };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
    const floor = startGitFloor();
    if (deps.database.kind !== 'pglite') throw new Error('the merge bench runs on PGlite');
    const statements = countStatements(deps.database);
    const counts = { beforeAnswer: [] as number[], afterAnswer: [] as number[] };

    const times = {
      merge: [] as number[],
      steps: [] as number[],
      floor: [] as number[],
      inProcess: [] as number[],
    };
    const cases: Record<keyof typeof times, (iid: number) => Promise<number>> = {
      async floor() {
        await restore();
        return floor.merge(gitDir, targetHead, sourceHead);
      },
      async inProcess() {
        await restore();
        return gitMerge(gitDir, targetHead, sourceHead);
      },
      async merge(iid) {
        await restore();
        statements.take();
        const started = performance.now();
        const merged = await app.inject({
          method: 'PUT',
          url: `${api}/${iid}/merge`,
          headers: owner.headers,
          payload: { sha: sourceHead },
        });
        const elapsed = performance.now() - started;
        counts.beforeAnswer.push(statements.take());
        if (merged.statusCode !== 200 || merged.json<{ state: string }>().state !== 'merged')
          throw new Error(`merge answered ${merged.statusCode}: ${merged.body}`);
        // What the merge left to do after its answer (bus listeners, push hooks) ends before the next case.
        await settle();
        counts.afterAnswer.push(statements.take());
        return elapsed;
      },
      // What the merge service asks git: the merge commit, then both refs in one transaction.
      async steps() {
        await restore();
        const started = performance.now();
        const prepared = await prepareMerge(gitDir, {
          method: 'merge',
          targetHead,
          sourceHead,
          message: "Merge branch 'feature' into 'main'",
          squash: null,
          merger,
        });
        if (!prepared.ok) throw new Error(`the merge was refused: ${prepared.error}`);
        const moved = await updateRefs(gitDir, [
          { ref: branchRef('main'), oldSha: targetHead, newSha: prepared.value.newHead },
          { ref: branchRef('feature'), oldSha: sourceHead, newSha: ZERO_SHA },
        ]);
        if (!moved) throw new Error('the refs had moved');
        return performance.now() - started;
      },
    };
    const order = Object.keys(cases) as (keyof typeof times)[];
    try {
      // The first round warms every path up (the process's code, git's pack index) and is not kept.
      for (let round = 0; round <= RUNS; round++) {
        await restore();
        const created = await container.mergeRequests.create(owner, project.project.id, {
          title: `Merge ${round}`,
          source_branch: 'feature',
          target_branch: 'main',
        });
        const iid = created.mergeRequest.iid;
        const shown = await app.inject({ method: 'GET', url: `${api}/${iid}`, headers: owner.headers });
        const status = shown.json<{ detailed_merge_status: string }>().detailed_merge_status;
        if (status !== 'mergeable') throw new Error(`merge request ${iid} is ${status}, not mergeable`);
        // Each round starts with another case, so none always finds the others' work in the page cache.
        for (let index = 0; index < order.length; index++) {
          const name = order[(round + index) % order.length]!;
          const elapsed = await cases[name](iid);
          if (round > 0) times[name].push(elapsed);
        }
      }
    } finally {
      floor.stop();
    }
    return {
      files: FILES,
      changedFiles: FILES / CHANGED_EVERY,
      runs: RUNS,
      merge: summary(times.merge),
      gitSteps: summary(times.steps),
      floor: summary(times.floor),
      floorInProcess: summary(times.inProcess),
      statements: { beforeAnswer: median(counts.beforeAnswer), afterAnswer: median(counts.afterAnswer) },
    };
  });
}
