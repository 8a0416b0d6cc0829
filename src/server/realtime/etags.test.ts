import { describe, expect, it } from 'vitest';
import { createInProcessBus, type BusEvent } from './bus';
import { ETAG_STALE_MS, ETAG_TTL_MS, createEtagCache } from './etags';

const A = 'merge_request:1';
const B = 'merge_request:2';

function cacheAt(start = 0) {
  const bus = createInProcessBus();
  let now = start;
  const etags = createEtagCache(
    bus,
    (event) => (event.type === 'merge_request.updated' ? [`merge_request:${event.mergeRequestId}`] : []),
    () => now,
  );
  const announce = (event: BusEvent) => bus.publish(event);
  return { etags, announce, advance: (ms: number) => (now += ms) };
}

const updated = (mergeRequestId: number): BusEvent => ({
  type: 'merge_request.updated',
  projectId: 1,
  mergeRequestId,
  iid: mergeRequestId,
});

describe('polled ETags', () => {
  it('answers with the remembered ETag until an event about its group', async () => {
    const { etags, announce } = cacheAt();
    etags.remember(A, 'user:1', 'W/"a"');
    etags.remember(B, 'user:1', 'W/"b"');
    expect(etags.current(A, 'user:1')).toEqual({ etag: 'W/"a"', stale: false });
    await announce(updated(1));
    expect(etags.current(A, 'user:1')).toBeNull();
    expect(etags.current(B, 'user:1')).toEqual({ etag: 'W/"b"', stale: false });
  });

  it('is stale past its TTL, and gone past the stale window too', () => {
    const { etags, advance } = cacheAt();
    etags.remember(A, 'anonymous', 'W/"a"');
    advance(ETAG_TTL_MS + 1);
    expect(etags.current(A, 'anonymous')).toEqual({ etag: 'W/"a"', stale: true });
    advance(ETAG_STALE_MS);
    expect(etags.current(A, 'anonymous')).toBeNull();
  });

  it('forgets every group, and moves every generation, when the bus resumed after losing events', async () => {
    const { etags, announce } = cacheAt();
    etags.remember(A, 'user:1', 'W/"a"');
    etags.remember(B, 'user:2', 'W/"b"');
    // A read of a group never seen before began before the resumption: its answer must not be remembered.
    const marks = {
      a: etags.generation(A),
      unseen: etags.generation('merge_request:3'),
      events: etags.events(),
    };
    await announce({ type: 'bus.resumed' });
    expect(etags.current(A, 'user:1')).toBeNull();
    expect(etags.current(B, 'user:2')).toBeNull();
    expect(etags.generation(A)).not.toBe(marks.a);
    expect(etags.generation('merge_request:3')).not.toBe(marks.unseen);
    expect(etags.events()).not.toBe(marks.events);
  });
});
