// `npm run bench`: every figure next to the floor measured in the same run, as a ratio.
// `npm run bench -- diffs` (or `startup`, `browser`, `diff-list`, `notes`, `notes-browser`, `notes-fanout`, `merge`,
// `widget`, `ci`, `ci-graph`, `code-owners`) runs one part; `diffs` without the browser. `diff-list` runs only when named.
import './env';
import '../src/server/heap-tuning';
import { measureChangesTab } from './diffs';
import { measureDiffList } from './diff-list';
import { measureMerge } from './merge';
import { measurePickup, measurePipelineCreation, measureTraces } from './ci';
import { measurePipelineGraph } from './ci-graph-browser';
import { measureNotes } from './notes';
import { measureNotesBrowser } from './notes-browser';
import { measureNotesFanout } from './notes-fanout';
import { measureWidgetPoll, type PollFigures } from './widget-poll';
import { measureStartup } from './startup';
import { measureCodeOwners } from './code-owners';
import { ETAG_TTL_MS } from '../src/server/realtime/etags';

const ms = (value: number) => `${Math.round(value)} ms`;
const ratio = (value: number, floor: number) => `${(value / floor).toFixed(2)}x`;
const parts = process.argv.slice(2);
const runs = (part: string) => parts.length === 0 || parts.includes(part);

if (runs('startup')) {
  const startup = await measureStartup();
  console.log('\nStartup to ready (floor: Node.js + Fastify + a fresh PGlite, nothing of ours)');
  console.table([
    { case: 'floor', time: ms(startup.floorMs), ratio: '1.00x' },
    {
      case: 'empty data dir, with demo',
      time: ms(startup.emptyMs),
      ratio: ratio(startup.emptyMs, startup.floorMs),
    },
    {
      case: 'empty data dir, SEED_DEMO=false',
      time: ms(startup.emptyNoDemoMs),
      ratio: ratio(startup.emptyNoDemoMs, startup.floorMs),
    },
    {
      case: 'restart on existing data',
      time: ms(startup.restartMs),
      ratio: ratio(startup.restartMs, startup.floorMs),
    },
  ]);
}

if (runs('diffs') || runs('browser')) {
  const { server: diffs, browser } = await measureChangesTab({ browser: runs('browser') });
  const mibs = (value: number) => `${value.toFixed(1)} MiB/s`;
  console.log(
    '\nChanges tab diffs (floors: git itself on the same commits and paths; a raw read of the corpus)',
  );
  console.table([
    {
      case: 'M: diffs_batch.json, 20 files, warm, p95',
      value: ms(diffs.batchP95Ms),
      floor: ms(diffs.gitBatchP95Ms),
      ratio: ratio(diffs.batchP95Ms, diffs.gitBatchP95Ms),
    },
    {
      case: 'L: whole diff streamed and parsed into lines, one git call, median of 5',
      value: ms(diffs.streamFullMs),
      floor: ms(diffs.gitFullSteadyMs),
      ratio: ratio(diffs.streamFullMs, diffs.gitFullSteadyMs),
    },
    {
      case: 'L: metadata + every batch of 30, cold',
      value: ms(diffs.coldFullMs),
      floor: ms(diffs.gitFullMs),
      ratio: ratio(diffs.coldFullMs, diffs.gitFullMs),
    },
    {
      case: 'XL: diffs_metadata.json, 5,000 files, cold',
      value: ms(diffs.xlMetadataMs),
      floor: ms(diffs.xlGitListMs),
      ratio: ratio(diffs.xlMetadataMs, diffs.xlGitListMs),
    },
    {
      case: 'XL: whole diff streamed and parsed, 250,000 lines',
      value: ms(diffs.xlStreamMs),
      floor: ms(diffs.xlGitFullMs),
      ratio: ratio(diffs.xlStreamMs, diffs.xlGitFullMs),
    },
    {
      case: `5 MB line: diffs_batch.json (${(diffs.hugeLineBatchBytes / 1024).toFixed(0)} KiB, RSS +${diffs.hugeLineRssGrowthMiB.toFixed(0)} MiB)`,
      value: ms(diffs.hugeLineBatchMs),
      floor: '',
      ratio: '',
    },
    {
      case: `highlighting, per CPU-second (${diffs.corpusMiB.toFixed(1)} MiB)`,
      value: mibs(diffs.highlightMiBs),
      floor: mibs(diffs.rawReadMiBs),
      ratio: ratio(diffs.rawReadMiBs, diffs.highlightMiBs),
    },
  ]);
  if (browser) {
    console.log('\nChanges tab in Chromium (floor: a static page of the same first 20 files, same server)');
    const mib = (value: number) => `${value.toFixed(0)} MiB`;
    // Every row beside the static page's own figure for the same thing, measured in this run.
    const row = (
      name: string,
      value: number,
      floor: number,
      show: (v: number) => string,
      target: string,
    ) => ({
      case: name,
      value: show(value),
      floor: show(floor),
      ratio: ratio(value, floor),
      target,
    });
    const firstRowFloor = browser.floorFirstRowMs;
    const inpFloor = browser.floorInteractionMs;
    console.table([
      row('L: first diff row painted, median of 3', browser.lFirstRowMs, firstRowFloor, ms, '1000 ms'),
      row('L: largest contentful paint, median of 3', browser.lLcpMs, browser.floorLcpMs, ms, '1500 ms'),
      row('XL: every batch loaded (floor: first row)', browser.xlAllLoadedMs, firstRowFloor, ms, ''),
      row('XL: collapse a file, input to next paint', browser.xlCollapseMs, inpFloor, ms, '150 ms'),
      row('XL: expand a file, input to next paint', browser.xlExpandMs, inpFloor, ms, '150 ms'),
      row('XL: mark reviewed, input to next paint', browser.xlReviewedMs, inpFloor, ms, '150 ms'),
      row('XL: open a comment form, input to next paint', browser.xlCommentFormMs, inpFloor, ms, '150 ms'),
      row('XL: JS heap after GC', browser.xlHeapMiB, browser.floorHeapMiB, mib, '300 MiB'),
      row('XL: DOM nodes', browser.xlDomNodes, browser.floorDomNodes, String, '25000'),
      row('5 MB line: "too large" shown (floor: first row)', browser.hugeLineShownMs, firstRowFloor, ms, ''),
      row('5 MB line: JS heap', browser.hugeLineHeapMiB, browser.floorHeapMiB, mib, ''),
    ]);
    console.log(
      'Floors: the static page of the same first 20 files; for input to next paint (Event Timing, as INP counts it), a click on one of its rows (nothing to do).',
    );
  }
}

if (runs('notes')) {
  const notes = await measureNotes();
  console.log(
    `\nActivity: discussions.json on ${notes.discussions} threads / ${notes.notes} notes (floor: an empty Fastify route)`,
  );
  console.table([
    {
      case: 'one page (20, x1.5 up to 100), warm, p95',
      value: ms(notes.pageP95Ms),
      floor: ms(notes.floorP95Ms),
      ratio: ratio(notes.pageP95Ms, notes.floorP95Ms),
      target: '150 ms',
    },
    {
      case: 'one page, CPU time of this process, p95',
      value: ms(notes.pageCpuP95Ms),
      floor: '',
      ratio: '',
      target: '',
    },
    {
      case: 'every page, one after the other, p95',
      value: ms(notes.fullLoadMs),
      floor: '',
      ratio: '',
      target: '',
    },
    {
      case: 'every page, first load (markdown rendered)',
      value: ms(notes.coldLoadMs),
      floor: '',
      ratio: '',
      target: '',
    },
    {
      case: 'database statements per page, warm',
      value: notes.queriesPerPage.join(', '),
      floor: '',
      ratio: '',
      target: 'same for every page size',
    },
  ]);
}

if (parts.includes('diff-list')) {
  const figures = await measureDiffList();
  console.log('\nThe Changes tab file list, rendered whole and virtualized (same diffs, same server)');
  console.table(
    figures.map((f) => ({
      'files x rows': `${f.files} x ${f.rows}`,
      mode: f.mode,
      'first row': ms(f.firstRowMs),
      blocking: ms(f.blockingMs),
      'longest task': ms(f.longestTaskMs),
      collapse: ms(f.collapseMs),
      expand: ms(f.expandMs),
      'scroll frame': ms(f.scrollFrameMs),
      'DOM nodes': f.domNodes,
      heap: `${f.heapMiB.toFixed(0)} MiB`,
    })),
  );
}

if (runs('notes-browser')) {
  const { overview, floorMs, discussions, notes } = await measureNotesBrowser();
  console.log(
    `\nOverview activity in Chromium, ${discussions} threads / ${notes} notes, signed in (floor: a static page of the same notes' HTML, same server)`,
  );
  console.table([
    {
      case: 'every thread in the DOM, median of 3',
      value: ms(overview.allThreadsMs),
      floor: ms(floorMs),
      ratio: ratio(overview.allThreadsMs, floorMs),
      target: '1200 ms',
    },
    {
      case: `last of ${overview.pages} discussions.json pages answered`,
      value: ms(overview.lastPageAnsweredMs),
      floor: '',
      ratio: '',
      target: '',
    },
    { case: 'first thread in the DOM', value: ms(overview.firstThreadMs), floor: '', ratio: '', target: '' },
  ]);
}

if (runs('notes-fanout')) {
  const fanout = await measureNotesFanout();
  console.log(
    `\nLive notes: ${fanout.viewers} graphql-ws viewers of one merge request, ${fanout.notes} notes created through the API (floor: a bare ws server broadcasting to ${fanout.viewers} sockets)`,
  );
  const row = (name: string, value: { p50Ms: number; p95Ms: number; maxMs: number }, target = '') => ({
    case: name,
    p50: ms(value.p50Ms),
    p95: ms(value.p95Ms),
    max: ms(value.maxMs),
    'p95 ratio': ratio(value.p95Ms, fanout.floor.p95Ms),
    target,
  });
  console.table([
    row('POST note to each viewer hearing it, one user', fanout.oneUser, 'p95 < 1000 ms'),
    row(`the same, ${fanout.viewers} different users`, fanout.distinctUsers, 'p95 < 1000 ms'),
    row('floor', fanout.floor),
  ]);
  console.log(
    `The POST itself (median): ${ms(fanout.oneUser.postMs)} with one user, ${ms(fanout.distinctUsers.postMs)} with different users`,
  );
}

if (runs('merge')) {
  const merge = await measureMerge();
  console.log(
    `\nServer merge: ${merge.changedFiles} changed files of ${merge.files}, ${merge.runs} runs (floor: git merge-tree --write-tree + git commit-tree + git update-ref --stdin, from a small process)`,
  );
  const row = (name: string, timing: { medianMs: number; p95Ms: number }, target: string) => ({
    case: name,
    median: ms(timing.medianMs),
    p95: ms(timing.p95Ms),
    'ratio (median)': ratio(timing.medianMs, merge.floor.medianMs),
    target,
  });
  console.table([
    row('PUT .../merge', merge.merge, '1.20x'),
    row('its git steps (prepareMerge on the checked tree + one ref transaction)', merge.gitSteps, ''),
    row('floor, started from the server process', merge.floorInProcess, ''),
    row('floor', merge.floor, '1.00x'),
  ]);
  console.log(
    `SQL statements per merge (median): ${merge.statements.beforeAnswer} before its answer, ${merge.statements.afterAnswer} after it`,
  );
}

if (runs('widget')) {
  const widget = await measureWidgetPoll();
  console.log(
    `\nUnchanged widget.json, ${widget.pollers} pollers with its ETag for ${widget.seconds} s each (floor: node:http answering 304)`,
  );
  const row = (name: string, value: PollFigures, floor: PollFigures | null, target = '') => ({
    case: name,
    'requests/s': Math.round(value.requestsPerSecond),
    p50: ms(value.p50Ms),
    p99: ms(value.p99Ms),
    'p99 ratio': floor ? ratio(value.p99Ms, floor.p99Ms) : '',
    '304s': value.notModified,
    other: value.others,
    target,
  });
  console.table([
    row('signed in (session cookie)', widget.signedIn, widget.floor, 'p99 < 10 ms'),
    row('anonymous, public project', widget.anonymous, widget.floor, 'p99 < 10 ms'),
    row('floor', widget.floor, null),
    row('an empty Fastify route', widget.fastifyFloor, widget.floor),
  ]);
  // With every poller always waiting, the mean wait is pollers / throughput (Little's law).
  console.log(
    `Pollers always waiting: the floor's ${Math.round(widget.floor.requestsPerSecond)} requests/s give a mean wait of ${ms((widget.pollers / widget.floor.requestsPerSecond) * 1000)}; a 10 ms p99 needs over ${widget.pollers * 100} requests/s`,
  );
  console.log(
    `Database queries: ${widget.signedInQueries} for the signed-in polls, ${widget.anonymousQueries} for the anonymous ones (target: 0)`,
  );
  const { viewers } = widget;
  console.log(
    `\n${viewers.viewers} viewers, each signed in with a session of their own, polling every ${viewers.intervalMs} ms for ${viewers.seconds} s`,
  );
  console.table([row('viewers', viewers.figures, null, 'p99 < 10 ms')]);
  console.log(
    `SQL statements meanwhile: ${viewers.statements} (each viewer's ETag is checked once ${ETAG_TTL_MS / 60_000} minutes have passed without an event); server CPU ${ms(viewers.cpuMs)} (${((viewers.cpuMs / (viewers.seconds * 1000)) * 100).toFixed(0)}% of a core)`,
  );
  for (const run of widget.openLoop) {
    console.log(
      `\nOpen loop: ${widget.pollers} pollers, each polling every ${run.intervalMs} ms for ${run.seconds} s, spread over the interval`,
    );
    console.table([
      row('signed in (session cookie)', run.signedIn, run.floor, 'p99 < 10 ms'),
      row('anonymous, public project', run.anonymous, run.floor, 'p99 < 10 ms'),
      row('floor', run.floor, null),
    ]);
  }
}

if (runs('ci')) {
  const pickup = await measurePickup();
  const creation = await measurePipelineCreation();
  console.log(
    '\nCI (floors: the push itself; parsing the YAML with `yaml` + one multi-row insert of the same job rows; writing the same log bytes to files)',
  );
  console.table([
    {
      case: `push to job in a waiting runner's hands, p95 of ${pickup.runs} (after the push ended)`,
      value: ms(pickup.pickupP95Ms),
      floor: `push p95 ${ms(pickup.pushP95Ms)}`,
      ratio: '',
      target: '1000 ms',
    },
    {
      case: 'push start to job in hand, p95',
      value: ms(pickup.fromStartP95Ms),
      floor: ms(pickup.pushP95Ms),
      ratio: ratio(pickup.fromStartP95Ms, pickup.pushP95Ms),
      target: '',
    },
    {
      case: `create a pipeline of ${creation.jobs} jobs with needs, median`,
      value: ms(creation.createMs),
      floor: ms(creation.floorMs),
      ratio: ratio(creation.createMs, creation.floorMs),
      target: '2.00x',
    },
  ]);
  const traces = await measureTraces();
  console.table([
    {
      case: `${traces.jobs} jobs x ${traces.mibPerJob} MiB of log, ${traces.runners} runner processes`,
      value: `${traces.intact}/${traces.jobs} logs intact, ${traces.ranTwice} ran twice, ${ms(traces.wallMs)}`,
      floor: '',
      ratio: '',
      target: 'all intact, none twice',
    },
    {
      case: 'server CPU per MiB of log',
      value: `${traces.serverCpuMsPerMib.toFixed(1)} ms`,
      floor: `${traces.floorCpuMsPerMib.toFixed(1)} ms`,
      ratio: ratio(traces.serverCpuMsPerMib, traces.floorCpuMsPerMib),
      target: '',
    },
  ]);
}

if (runs('ci-graph')) {
  const graph = await measurePipelineGraph();
  console.log(
    `\nThe pipeline page of ${graph.jobs} jobs in Chromium, each interaction input to next paint, worst of 3 (floor: a click on a static page of the same graph)`,
  );
  console.table([
    {
      case: 'every job item shown, first load',
      value: ms(graph.graphShownMs),
      floor: '',
      ratio: '',
      target: '',
    },
    {
      case: 'Jobs tab (500 rows)',
      value: ms(graph.toJobsTabMs),
      floor: ms(graph.floorMs),
      ratio: ratio(graph.toJobsTabMs, graph.floorMs),
      target: '150 ms',
    },
    {
      case: 'back to the graph (500 job items)',
      value: ms(graph.toGraphTabMs),
      floor: ms(graph.floorMs),
      ratio: ratio(graph.toGraphTabMs, graph.floorMs),
      target: '150 ms',
    },
    ...(
      [
        ['Group jobs by: Job dependencies', graph.toLayerViewMs],
        ['Show dependencies on (the 200-job warning)', graph.showLinksMs],
        [`Show links anyways (${graph.links} links drawn)`, graph.linksDrawnMs],
        ['hover on a job (its needs chain highlighted)', graph.hoverMs],
        ['Tab onto a job (its needs chain highlighted)', graph.focusMs],
      ] as const
    ).map(([name, value]) => ({
      case: name,
      value: ms(value),
      floor: ms(graph.floorMs),
      ratio: ratio(value, graph.floorMs),
      target: '150 ms',
    })),
    {
      case: `${graph.links} links in the page after Show links anyways (driver's clock)`,
      value: ms(graph.linksOnScreenMs),
      floor: '',
      ratio: '',
      target: '',
    },
  ]);
}

if (runs('code-owners')) {
  const owners = await measureCodeOwners();
  console.log(
    `\nApproval state: ${owners.files} changed files against ${owners.patterns} CODEOWNERS patterns, warm, median of ${owners.runs} (floor: the same changed paths and CODEOWNERS blob read, nothing matched)`,
  );
  console.table([
    {
      case: `GET .../approval_state (${owners.stateRules} rules)`,
      value: ms(owners.stateMs),
      floor: ms(owners.floorMs),
      ratio: ratio(owners.stateMs, owners.floorMs),
      target: '2.00x',
    },
    {
      case: `codeOwnerRules (${owners.rules} rules)`,
      value: ms(owners.rulesMs),
      floor: ms(owners.floorMs),
      ratio: ratio(owners.rulesMs, owners.floorMs),
      target: '2.00x',
    },
  ]);
}
