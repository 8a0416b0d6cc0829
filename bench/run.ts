// `npm run bench`: every figure next to the floor measured in the same run, as a ratio.
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
