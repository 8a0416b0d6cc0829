import { describe, expect, it } from 'vitest';
import { sharedRead } from './shared-read';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('sharedRead', () => {
  it('gives callers of one key while its read runs that read, and other keys their own', async () => {
    const read = sharedRead<string>();
    const reads: string[] = [];
    const slow = deferred<string>();
    const first = read('a', () => (reads.push('a'), slow.promise));
    const second = read('a', () => (reads.push('a again'), Promise.resolve('never')));
    const other = read('b', () => (reads.push('b'), Promise.resolve('B')));
    slow.resolve('A');
    expect(await Promise.all([first, second, other])).toEqual(['A', 'A', 'B']);
    expect(reads).toEqual(['a', 'b']);
  });

  it('reads afresh once the read has settled, answered or failed', async () => {
    const read = sharedRead<number>();
    let reads = 0;
    const failing = deferred<number>();
    const both = [
      read('k', () => (reads++, failing.promise)),
      read('k', () => (reads++, Promise.resolve(0))),
    ];
    failing.reject(new Error('database gone'));
    const settled = await Promise.allSettled(both);
    expect(settled.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await read('k', () => (reads++, Promise.resolve(7)))).toBe(7);
    expect(await read('k', () => (reads++, Promise.resolve(8)))).toBe(8);
    expect(reads).toBe(3);
  });
});
