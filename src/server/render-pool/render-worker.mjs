// A render worker's entry (see render-pool.ts). Workers start without the server's Node flags, so
// under `tsx` and under Vitest alike this file is plain JavaScript that registers tsx's loader
// before it imports the TypeScript that renders.
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');
