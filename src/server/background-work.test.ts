import { describe, expect, it } from 'vitest';
import { createBackgroundWork } from './background-work';

const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('background work', () => {
  it('settles only once every piece of work has ended, also work started meanwhile', async () => {
    const background = createBackgroundWork();
    const ended: string[] = [];
    background.run(
      async () => {
        await later(null, 20);
        ended.push('first');
        background.run(
          async () => {
            await later(null, 20);
            ended.push('second, started by the first');
          },
          () => undefined,
        );
      },
      () => undefined,
    );
    await background.settled();
    expect(ended).toEqual(['first', 'second, started by the first']);
  });

  it('hands a failure to its error handler and still settles', async () => {
    const background = createBackgroundWork();
    const errors: unknown[] = [];
    background.run(
      () => Promise.reject(new Error('a hook failed')),
      (error) => errors.push(error),
    );
    await background.settled();
    expect(errors).toEqual([new Error('a hook failed')]);
  });

  it('settles at once when nothing runs', async () => {
    await expect(createBackgroundWork().settled()).resolves.toBeUndefined();
  });
});
