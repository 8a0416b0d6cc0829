import v8 from 'node:v8';

/*
 * V8 moves objects allocated at a code site straight into the old generation once it has seen
 * most of them survive ("allocation-site pretenuring"). The diff parser's line objects survive
 * while a batch is highlighted, so V8 learns to pretenure them; from then on every parsed diff,
 * though short-lived, is only freed by full collections: parsing L's whole diff took 200-250 ms
 * of CPU instead of 40-60 ms (docs/performance.md). Set before the server allocates anything.
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
