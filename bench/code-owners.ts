// Issue 25's figure: the approval state of a 5,000-file merge request against a 2,000-pattern
// CODEOWNERS (all of `GET .../approval_state`), and its code owner rules alone, warm, next to the
// reads they need (the changed paths and the CODEOWNERS blob) with no matching at all.
import { performance } from 'node:perf_hooks';
import { CODE_OWNERS_FILE_PATHS } from '../src/shared/code-owners';
import { listChangedFiles } from '../src/server/git/diff';
import { branchRef, resolveCommit } from '../src/server/git/repository';
import { readBlob, readPathEntries } from '../src/server/git/tree';
import { buildProject } from '../test/support/factories';
import { importCommits, type NewFile } from './fixtures';
import { withBenchServer } from './server';

const FILES = 5_000;
const PATTERNS = 2_000;
const RUNS = 30;
const WARMUP = 5;

export type CodeOwnersFigures = {
  files: number;
  patterns: number;
  rules: number;
  runs: number;
  /** `GET .../approval_state` of the merge request, answered whole (rules, approvers, JSON): median. */
  stateMs: number;
  /** The rules the approval state lists. */
  stateRules: number;
  /** Changed paths read, then `codeOwnerRules` (CODEOWNERS read, matched, owners resolved): median. */
  rulesMs: number;
  /** The same changed paths read, and the same CODEOWNERS found and read, nothing matched: median. */
  floorMs: number;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const file = (n: number, version: string): NewFile => ({
  path: `src/module-${Math.floor(n / 20)}/file-${n}.ts`,
  content: `export const value${n} = '${version}';\n`,
});

/**
 * 2,000 patterns of the kinds people write, a quarter each: directories, exact files, file-name
 * suffixes that match nothing here, and globstar patterns spread over ten sections.
 */
function codeOwners(owner: string): string {
  const quarter = PATTERNS / 4;
  const lines: string[] = [];
  for (let i = 0; i < quarter; i++) lines.push(`/src/module-${i}/ @${owner}`);
  for (let i = 0; i < quarter; i++) lines.push(`src/module-${i}/file-${i * 20}.ts @${owner} @unknown-${i}`);
  for (let i = 0; i < quarter; i++) lines.push(`*.gen${i}.ts @${owner}`);
  for (let i = 0; i < quarter; i++) {
    if (i % (quarter / 10) === 0) lines.push(`[Section ${i / (quarter / 10)}][1] @${owner}`);
    lines.push(`/src/module-${i}/**/*.ts`);
  }
  return `${lines.join('\n')}\n`;
}

export function measureCodeOwners(): Promise<CodeOwnersFigures> {
  return withBenchServer('code-owners', async ({ container, app, owner }) => {
    const project = await buildProject(container, owner);
    const { gitDir } = project;
    const all = Array.from({ length: FILES }, (_, n) => n);
    await importCommits(gitDir, [
      {
        branch: 'main',
        message: 'Base',
        files: [
          ...all.map((n) => file(n, 'base')),
          { path: 'CODEOWNERS', content: codeOwners(owner.username) },
        ],
        from: await resolveCommit(gitDir, branchRef('main')),
      },
      {
        branch: 'feature',
        message: 'Change every file',
        files: all.map((n) => file(n, 'feature')),
        from: branchRef('main'),
      },
    ]);
    const mr = await container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'feature',
      target_branch: 'main',
      title: 'Change every file',
    });
    const stateUrl = `/api/v4/projects/${project.project.id}/merge_requests/${mr.mergeRequest.iid}/approval_state`;
    const base = (await resolveCommit(gitDir, branchRef('main')))!;
    const head = (await resolveCommit(gitDir, branchRef('feature')))!;
    const changedPaths = async () => (await listChangedFiles(gitDir, base, head)).map((f) => f.newPath);

    let rules = 0;
    let stateRules = 0;
    const cases = {
      async state() {
        const started = performance.now();
        const answer = await app.inject({ url: stateUrl, headers: owner.headers });
        const elapsed = performance.now() - started;
        if (answer.statusCode !== 200) throw new Error(`approval_state answered ${answer.statusCode}`);
        stateRules = answer.json<{ rules: unknown[] }>().rules.length;
        return elapsed;
      },
      async rules() {
        const started = performance.now();
        const found = await container.codeOwners.codeOwnerRules(project, {
          targetBranch: 'main',
          changedPaths: await changedPaths(),
        });
        const elapsed = performance.now() - started;
        rules = found.length;
        return elapsed;
      },
      async floor() {
        const started = performance.now();
        const [paths, entries] = await Promise.all([
          changedPaths(),
          readPathEntries(gitDir, branchRef('main'), CODE_OWNERS_FILE_PATHS),
        ]);
        const blob = await readBlob(gitDir, entries[0]!.id);
        const elapsed = performance.now() - started;
        if (paths.length !== FILES || !blob) throw new Error('the floor read less than the rules');
        return elapsed;
      },
    };
    const times = { state: [] as number[], rules: [] as number[], floor: [] as number[] };
    const names = ['state', 'rules', 'floor'] as const;
    for (let run = 0; run < WARMUP + RUNS; run++) {
      // Rotate which goes first, so none always finds another's git objects cached.
      const order = names.map((_, i) => names[(run + i) % names.length]!);
      for (const name of order) {
        const elapsed = await cases[name]();
        if (run >= WARMUP) times[name].push(elapsed);
      }
    }
    return {
      files: FILES,
      patterns: PATTERNS,
      rules,
      runs: RUNS,
      stateMs: median(times.state),
      stateRules,
      rulesMs: median(times.rules),
      floorMs: median(times.floor),
    };
  });
}
