import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBatches } from './read-batches';

describe('reading a child output in batches', () => {
  it('hands over every byte in order, gathering what arrived meanwhile', async () => {
    const stream = new PassThrough();
    const batches = readBatches(stream);
    stream.write('one ');
    stream.write('two ');
    const first = await batches.next();
    stream.write('three');
    stream.end();
    const rest: string[] = [];
    for await (const batch of batches) rest.push(batch.toString());
    expect(String(first.value)).toBe('one two ');
    expect(rest.join('')).toBe('three');
  });

  it('pauses the stream while more than the limit waits to be taken', async () => {
    const stream = new PassThrough();
    const batches = readBatches(stream, 4);
    const first = batches.next();
    stream.write('12345');
    await first;
    stream.write('67890');
    await new Promise((resolve) => setImmediate(resolve));
    expect(stream.isPaused()).toBe(true);
    const second = await batches.next();
    expect(String(second.value)).toBe('67890');
    expect(stream.isPaused()).toBe(false);
  });

  it('passes a stream error on to the reader', async () => {
    const stream = new PassThrough();
    const batches = readBatches(stream);
    const next = batches.next();
    stream.destroy(new Error('broken pipe'));
    await expect(next).rejects.toThrow('broken pipe');
  });
});
