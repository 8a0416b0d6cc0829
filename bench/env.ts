// Imported first by bench/run.ts: the server reads WEB_DIST_DIR when its module loads, and the
// bench serves its own build so that it never races an engineer's or a test run's `dist/web`.
import os from 'node:os';
import path from 'node:path';

process.env.WEB_DIST_DIR ??= path.join(os.tmpdir(), 'mergeway-bench-web');
