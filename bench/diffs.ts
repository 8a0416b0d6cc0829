// The Changes tab's server figures, each next to git's own time for the same work.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildProject, buildUser } from '../test/support/factories';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createContainer } from '../src/server/container';
import { commitFiles, type FileChange } from '../src/server/git/commits';
import { listChangedFiles, readBlobs, streamFilePatches } from '../src/server/git/diff';
import { gitEnv } from '../src/server/git/run-git';
import { createHighlighter } from '../src/server/highlight/highlight';
import { openDeps } from '../src/server/start';

const author = { name: 'Bench', email: 'bench@example.com', date: new Date('2024-01-01T00:00:00Z') };

/** A line of TypeScript with keywords, strings, types and a comment, so the highlighter has work. */
const codeLine = (file: number, line: number, version: string) =>
  `export function f${file}_${line}(a: number, b: string): string { return \`${version}\${a}-\${b}\`; } // note ${line}\n`;

/** `files` files whose every other line changes, `linesPerFile` changed lines (added + removed) each. */
function fixture(files: number, changedLinesPerFile: number) {
  const modified = changedLinesPerFile / 2;
  const length = modified * 2 + 10;
  const content = (file: number, version: string) =>
    Array.from({ length }, (_, line) =>
      codeLine(file, line, line % 2 === 1 && (line - 1) / 2 < modified ? version : 'base'),
    ).join('');
  const at = (version: string): FileChange[] =>
    Array.from({ length: files }, (_, file) => ({
      action: 'create' as const,
      path: `src/module-${Math.floor(file / 50)}/file-${file}.ts`,
      content: content(file, version),
    }));
  return { base: at('base'), head: at('head') };
}

function timeGit(gitDir: string, args: string[]): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('git', [`--git-dir=${gitDir}`, ...args], {
      env: gitEnv,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', () => resolve(performance.now() - started));
  });
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

export type DiffFigures = {
  batchP95Ms: number;
  gitBatchP95Ms: number;
  coldFullMs: number;
  streamFullMs: number;
  gitFullMs: number;
  highlightMiBs: number;
  rawReadMiBs: number;
  corpusMiB: number;
};

/** Builds the M and L fixtures in a temporary data directory and measures the diff endpoints on them. */
export async function measureDiffs(): Promise<DiffFigures> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-diffs-'));
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', RUNNER: 'none', LOG_LEVEL: 'warn' });
  const deps = await openDeps(config);
  try {
    const container = createContainer(deps);
    const app = await buildApp(deps, { container });
    const owner = await buildUser(container);

    async function mergeRequestOn(files: number, changedLinesPerFile: number) {
      const project = await buildProject(container, owner);
      const { base, head } = fixture(files, changedLinesPerFile);
      const baseSha = await commitFiles(project.gitDir, {
        branch: 'main',
        message: 'Base',
        author,
        changes: base,
      });
      const headSha = await commitFiles(project.gitDir, {
        branch: 'feature',
        startBranch: 'main',
        message: 'Change',
        author,
        changes: head,
      });
      const mr = await container.mergeRequests.create(owner, project.project.id, {
        title: 'Bench',
        source_branch: 'feature',
        target_branch: 'main',
      });
      return {
        project,
        baseSha,
        headSha,
        url: `/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}`,
      };
    }

    // M: warm batches of 20 files against `git diff -M --patch` of the same 20 paths.
    const m = await mergeRequestOn(200, 90);
    const mFiles = await listChangedFiles(m.project.gitDir, m.baseSha, m.headSha);
    const pages = 10;
    const get = (page: number) =>
      app.inject({
        method: 'GET',
        url: `${m.url}/diffs_batch.json?page=${page}&per_page=20`,
        headers: owner.headers,
      });
    // Warm: every page loaded once, and time for the background highlighting it queued to finish.
    for (let page = 1; page <= pages; page++) await get(page);
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    for (let page = 1; page <= pages; page++) await get(page);
    const batchTimes: number[] = [];
    const gitTimes: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (let page = 1; page <= pages; page++) {
        const started = performance.now();
        const response = await get(page);
        batchTimes.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`diffs_batch.json answered ${response.statusCode}`);
        const paths = mFiles.slice((page - 1) * 20, page * 20).map((file) => file.newPath);
        gitTimes.push(
          await timeGit(m.project.gitDir, ['diff', '-M', '--patch', m.baseSha, m.headSha, '--', ...paths]),
        );
      }
    }

    // L: the whole diff from a cold cache (metadata, then every page of 30) against `git diff` to /dev/null.
    const l = await mergeRequestOn(1000, 50);
    const gitFullMs = await timeGit(l.project.gitDir, ['diff', '-M', '--patch', l.baseSha, l.headSha]);
    const coldStarted = performance.now();
    const meta = await app.inject({
      method: 'GET',
      url: `${l.url}/diffs_metadata.json`,
      headers: owner.headers,
    });
    const total = meta.json<{ diff_files: unknown[] }>().diff_files.length;
    for (let page = 1; page <= Math.ceil(total / 30); page++) {
      await app.inject({
        method: 'GET',
        url: `${l.url}/diffs_batch.json?page=${page}&per_page=30`,
        headers: owner.headers,
      });
    }
    const coldFullMs = performance.now() - coldStarted;
    const streamStarted = performance.now();
    let streamedFiles = 0;
    for await (const patch of streamFilePatches(l.project.gitDir, l.baseSha, l.headSha))
      streamedFiles += patch.lines.length > 0 ? 1 : 0;
    const streamFullMs = performance.now() - streamStarted;
    if (streamedFiles !== total) throw new Error(`streamed ${streamedFiles} of ${total} files`);

    // Highlighting throughput on one core over L's new blobs, against reading the same blobs.
    const lFiles = await listChangedFiles(l.project.gitDir, l.baseSha, l.headSha);
    const readStarted = performance.now();
    const blobs = await readBlobs(
      l.project.gitDir,
      lFiles.map((file) => file.newBlobId),
      Infinity,
    );
    const readMs = performance.now() - readStarted;
    const corpus = [...blobs.entries()].map(([sha, blob]) => [sha, blob.toString('utf8')] as const);
    const bytes = [...blobs.values()].reduce((sum, blob) => sum + blob.length, 0);
    const highlight = createHighlighter().session(Infinity);
    const highlightStarted = performance.now();
    for (const [sha, text] of corpus) highlight(sha, 'file.ts', text);
    const highlightMs = performance.now() - highlightStarted;
    const mib = bytes / (1024 * 1024);
    await app.close();
    return {
      batchP95Ms: p95(batchTimes),
      gitBatchP95Ms: p95(gitTimes),
      coldFullMs,
      streamFullMs,
      gitFullMs,
      highlightMiBs: mib / (highlightMs / 1000),
      rawReadMiBs: mib / (readMs / 1000),
      corpusMiB: mib,
    };
  } finally {
    await deps.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
