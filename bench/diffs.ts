// The Changes tab's server figures, each next to git's own time for the same work.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildUser } from '../test/support/factories';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createContainer } from '../src/server/container';
import { listChangedFiles, readBlobs, streamFilePatches } from '../src/server/git/diff';
import { highlightBlob } from '../src/server/highlight/highlight-blob';
import { openDeps } from '../src/server/start';
import { measureBrowser, type BrowserFigures } from './browser';
import { mergeRequestOn } from './fixtures';
import { startGitFloor } from './git-floor';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

export type DiffFigures = {
  batchP95Ms: number;
  gitBatchP95Ms: number;
  coldFullMs: number;
  streamFullMs: number;
  gitFullMs: number;
  gitFullSteadyMs: number;
  xlMetadataMs: number;
  xlGitListMs: number;
  xlStreamMs: number;
  xlGitFullMs: number;
  hugeLineBatchMs: number;
  hugeLineBatchBytes: number;
  hugeLineRssGrowthMiB: number;
  highlightMiBs: number;
  rawReadMiBs: number;
  corpusMiB: number;
};

/** A single line of minified JavaScript of this many bytes: the "huge single line" of issue 3. */
const HUGE_LINE_BYTES = 5 * 1024 * 1024;

/**
 * Builds the M, L and XL merge requests (and one with a 5 MB line) in a temporary data directory,
 * measures the diff endpoints on them and, unless `browser` is off, the Changes tab in Chromium.
 */
export async function measureChangesTab(options: {
  browser: boolean;
}): Promise<{ server: DiffFigures; browser: BrowserFigures | null }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-diffs-'));
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', RUNNER: 'none', LOG_LEVEL: 'warn' });
  const deps = await openDeps(config);
  // git's own time, from a small process as a shell would start it.
  const floor = startGitFloor();
  // The client reading batches lives in a process of its own: in the process that had just
  // started git, each GET took 15-20 ms longer (the fork leaves every page of the parent to be
  // copied or re-marked on its next write), which was counted as the server's time.
  const client = startGitFloor();
  try {
    const container = createContainer(deps);
    const app = await buildApp(deps, { container });
    const timeGit = floor.git;
    const owner = await buildUser(container);
    const inject = (url: string) => app.inject({ method: 'GET', url, headers: owner.headers });

    // M: warm batches of 20 files against `git diff -M --patch` of the same 20 paths. Both are
    // timed from small processes: git writing the patch, and a client reading the batch from the
    // listening server, as a browser would (`inject` would time its own copies).
    const m = await mergeRequestOn(container, owner, 200, 90);
    const mFiles = await listChangedFiles(m.gitDir, m.baseSha, m.headSha);
    const pages = 10;
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    // `page` is the offset of a batch's first file (GitLab's form): batch n of 20 starts at file 20 n.
    const batchUrl = (page: number) => `${origin}${m.url}/diffs_batch.json?page=${page * 20}&per_page=20`;
    const get = (page: number) => client.get(batchUrl(page), owner.headers);
    // Warm: every page loaded once, and time for the background highlighting it queued to finish.
    for (let page = 0; page < pages; page++) await get(page);
    await waitForHighlighting(container);
    for (let page = 0; page < pages; page++) await get(page);
    const batchTimes: number[] = [];
    const gitTimes: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (let page = 0; page < pages; page++) {
        batchTimes.push(await get(page));
        const paths = mFiles.slice(page * 20, (page + 1) * 20).map((file) => file.newPath);
        gitTimes.push(
          await timeGit(m.gitDir, ['diff', '-M', '--patch', m.baseSha, m.headSha, '--', ...paths]),
        );
      }
    }

    // L: the whole diff from a cold cache (metadata, then every page of 30) against `git diff` to /dev/null.
    const l = await mergeRequestOn(container, owner, 1000, 50);
    const gitFullMs = await timeGit(l.gitDir, ['diff', '-M', '--patch', l.baseSha, l.headSha]);
    const coldStarted = performance.now();
    const meta = await inject(`${l.url}/diffs_metadata.json`);
    const total = meta.json<{ diff_files: unknown[] }>().diff_files.length;
    for (let offset = 0; offset < total; offset += 30) {
      await inject(`${l.url}/diffs_batch.json?page=${offset}&per_page=30`);
    }
    const coldFullMs = performance.now() - coldStarted;
    // The server's steady state: git and the stream each five times, interleaved, medians compared,
    // once the highlighting the cold pages queued is done (it would share the stream's thread).
    await waitForHighlighting(container);
    const gitRuns: number[] = [];
    const streamRuns: number[] = [];
    for (let run = 0; run < 5; run++) {
      gitRuns.push(await timeGit(l.gitDir, ['diff', '-M', '--patch', l.baseSha, l.headSha]));
      streamRuns.push(await timeStream(l.gitDir, l.baseSha, l.headSha, total));
    }
    const streamFullMs = median(streamRuns);
    const gitFullSteadyMs = median(gitRuns);

    // XL: 5,000 files and 250,000 changed lines; the listing and the whole diff against git's.
    const xl = await mergeRequestOn(container, owner, 5000, 50);
    const xlGitListMs = await timeGit(xl.gitDir, [
      'diff',
      '-M',
      '--raw',
      '--numstat',
      xl.baseSha,
      xl.headSha,
    ]);
    const xlMetaStarted = performance.now();
    const xlMeta = await inject(`${xl.url}/diffs_metadata.json`);
    const xlMetadataMs = performance.now() - xlMetaStarted;
    const xlTotal = xlMeta.json<{ diff_files: unknown[] }>().diff_files.length;
    const xlGitFullMs = await timeGit(xl.gitDir, ['diff', '-M', '--patch', xl.baseSha, xl.headSha]);
    const xlStreamMs = await timeStream(xl.gitDir, xl.baseSha, xl.headSha, xlTotal);

    // A 5 MB single line next to a small change: the batch stays small and fast, memory stays flat.
    const huge = await mergeRequestOn(container, owner, 1, 10, [
      { path: 'dist/bundle.min.js', content: `${'var a=1;'.repeat(HUGE_LINE_BYTES / 9)}\n` },
    ]);
    const rssBefore = process.memoryUsage().rss;
    const hugeStarted = performance.now();
    const hugeBatch = await inject(`${huge.url}/diffs_batch.json?page=0&per_page=20`);
    const hugeLineBatchMs = performance.now() - hugeStarted;
    const hugeLineRssGrowthMiB = (process.memoryUsage().rss - rssBefore) / 2 ** 20;

    // Highlighting throughput on one core over L's new blobs, against reading the same blobs.
    const lFiles = await listChangedFiles(l.gitDir, l.baseSha, l.headSha);
    const readStarted = performance.now();
    const blobs = await readBlobs(
      l.gitDir,
      lFiles.map((file) => file.newBlobId),
      Infinity,
    );
    const readMs = performance.now() - readStarted;
    const corpus = [...blobs.values()].map((blob) => blob.toString('utf8'));
    const bytes = [...blobs.values()].reduce((sum, blob) => sum + blob.length, 0);
    // Per core means CPU time: on a shared machine wall time would count other processes' turns.
    // Measured here, on this thread, with what a render worker runs for each blob.
    const highlightStarted = process.cpuUsage();
    for (const text of corpus) highlightBlob('typescript', text);
    const highlightCpu = process.cpuUsage(highlightStarted);
    const highlightMs = (highlightCpu.user + highlightCpu.system) / 1000;
    const mib = bytes / (1024 * 1024);

    const firstTwenty = (await inject(`${l.url}/diffs_batch.json?page=0&per_page=20`)).body;
    await app.close();
    const browser = options.browser
      ? await measureBrowser(deps, container, { l: l.url, xl: xl.url, huge: huge.url, firstTwenty }, owner)
      : null;
    return {
      server: {
        batchP95Ms: p95(batchTimes),
        gitBatchP95Ms: p95(gitTimes),
        coldFullMs,
        streamFullMs,
        gitFullMs,
        gitFullSteadyMs,
        xlMetadataMs,
        xlGitListMs,
        xlStreamMs,
        xlGitFullMs,
        hugeLineBatchMs,
        hugeLineBatchBytes: hugeBatch.rawPayload.length,
        hugeLineRssGrowthMiB,
        highlightMiBs: mib / (highlightMs / 1000),
        rawReadMiBs: mib / (readMs / 1000),
        corpusMiB: mib,
      },
      browser,
    };
  } finally {
    floor.stop();
    client.stop();
    await deps.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The whole diff of two commits streamed and parsed into lines, as one git call. */
async function timeStream(gitDir: string, from: string, to: string, expectedFiles: number): Promise<number> {
  const started = performance.now();
  let files = 0;
  for await (const patch of streamFilePatches(gitDir, from, to)) files += patch.lines.length > 0 ? 1 : 0;
  const elapsed = performance.now() - started;
  if (files !== expectedFiles) throw new Error(`streamed ${files} of ${expectedFiles} files`);
  return elapsed;
}

/** Background highlighting drains one blob at a time in the render pool; wait until it has nothing left. */
async function waitForHighlighting(container: ReturnType<typeof createContainer>): Promise<void> {
  while (container.diffs.pendingHighlights() > 0) await new Promise((resolve) => setTimeout(resolve, 200));
}
