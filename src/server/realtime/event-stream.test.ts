import { describe, expect, it } from 'vitest';
import { createInProcessBus, type BusEvent } from './bus';
import { eventStream } from './event-stream';

type MrEvent = Extract<BusEvent, { type: 'merge_request.updated' }>;
const isMr7 = (event: BusEvent): event is MrEvent =>
  event.type === 'merge_request.updated' && event.mergeRequestId === 7;
const mrEvent = (mergeRequestId: number): MrEvent => ({
  type: 'merge_request.updated',
  projectId: 1,
  mergeRequestId,
  iid: 1,
});

describe('eventStream', () => {
  it('delivers matching events in order, queued or awaited, and ignores the rest', async () => {
    const bus = createInProcessBus();
    const stream = eventStream(bus, isMr7);
    await bus.publish(mrEvent(7));
    await bus.publish(mrEvent(8));
    expect((await stream.next()).value).toEqual(mrEvent(7));
    const pending = stream.next();
    await bus.publish({ type: 'repository.pushed', projectId: 1, refs: [] });
    await bus.publish(mrEvent(7));
    expect((await pending).value).toEqual(mrEvent(7));
  });

  it('detaches from the bus when the consumer returns, ending a pending wait', async () => {
    const bus = createInProcessBus();
    const stream = eventStream(bus, isMr7);
    const pending = stream.next();
    await stream.return?.();
    expect(await pending).toEqual({ value: undefined, done: true });
    await bus.publish(mrEvent(7));
    expect(await stream.next()).toEqual({ value: undefined, done: true });
  });
});
