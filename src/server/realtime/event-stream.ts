import type { BusEvent, EventBus } from './bus';

/**
 * Turns bus events into an async iterator (what GraphQL subscriptions consume). Events that
 * arrive while the consumer is busy wait in a queue; `return()` (client unsubscribed) detaches.
 */
export function eventStream<T extends BusEvent>(
  bus: EventBus,
  accept: (event: BusEvent) => event is T,
): AsyncIterableIterator<T> {
  const queue: T[] = [];
  let waiting: ((result: IteratorResult<T>) => void) | null = null;
  let done = false;

  const unsubscribe = bus.subscribe((event) => {
    if (done || !accept(event)) return;
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve({ value: event, done: false });
    } else {
      queue.push(event);
    }
  });

  const finish = (): Promise<IteratorResult<T>> => {
    done = true;
    unsubscribe();
    queue.length = 0;
    if (waiting) waiting({ value: undefined, done: true });
    waiting = null;
    return Promise.resolve({ value: undefined, done: true });
  };

  return {
    next: () => {
      const queued = queue.shift();
      if (queued) return Promise.resolve({ value: queued, done: false });
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => {
        waiting = resolve;
      });
    },
    return: finish,
    throw: async (error: unknown) => {
      await finish();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
