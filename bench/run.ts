// `npm run bench`: every figure next to the floor measured in the same run, as a ratio.
import { measureDiffs } from './diffs';
import { measureStartup } from './startup';

const ms = (value: number) => `${Math.round(value)} ms`;
const ratio = (value: number, floor: number) => `${(value / floor).toFixed(2)}x`;

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

const diffs = await measureDiffs();
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
    case: 'L: whole diff streamed and parsed into lines, one git call',
    value: ms(diffs.streamFullMs),
    floor: ms(diffs.gitFullMs),
    ratio: ratio(diffs.streamFullMs, diffs.gitFullMs),
  },
  {
    case: 'L: metadata + every batch of 30, cold',
    value: ms(diffs.coldFullMs),
    floor: ms(diffs.gitFullMs),
    ratio: ratio(diffs.coldFullMs, diffs.gitFullMs),
  },
  {
    case: `highlighting, one core (${diffs.corpusMiB.toFixed(1)} MiB)`,
    value: mibs(diffs.highlightMiBs),
    floor: mibs(diffs.rawReadMiBs),
    ratio: ratio(diffs.rawReadMiBs, diffs.highlightMiBs),
  },
]);
