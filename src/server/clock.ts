import { randomBytes } from 'node:crypto';

/** Time and randomness come through here so tests can pin them. */
export type Clock = { now(): Date };
export type Random = { token(bytes: number): string; pick<T>(items: readonly T[]): T };

export const systemClock: Clock = { now: () => new Date() };

export const systemRandom: Random = {
  token: (bytes) => randomBytes(bytes).toString('hex'),
  pick: (items) => {
    const item = items[Math.floor(Math.random() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  },
};
