import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { PatchResult, RunnerClient } from './client';
import type { JobSpec } from './job-spec';
import { createJobTrace } from './job-trace';

const job = { id: 7, token: 'glcbt-job' } as JobSpec;

/** A server that keeps the log and answers as GitLab does; `loseNext` drops the next append. */
function fakeServer(options: { status?: string } = {}) {
  let stored = Buffer.alloc(0);
  let loseNext = false;
  const patches: Array<{ offset: number; length: number }> = [];
  const state = {
    status: options.status ?? null,
    cancelRequested: options.status === 'canceling',
    aborted: options.status === 'canceled',
  };
  const client = {
    patchTrace: async (_job: JobSpec, offset: number, data: Buffer): Promise<PatchResult> => {
      patches.push({ offset, length: data.length });
      if (state.aborted) return { kind: 'aborted', state };
      if (offset > stored.length) return { kind: 'range_mismatch', end: stored.length, state };
      if (loseNext) {
        loseNext = false;
        return { kind: 'failed' };
      }
      stored = Buffer.concat([stored.subarray(0, offset), data]);
      return { kind: 'accepted', end: stored.length, state };
    },
    updateJob: async () => ({ status: 200, state }),
  } as unknown as RunnerClient;
  return {
    client,
    patches,
    log: () => stored.toString(),
    truncateTo: (length: number) => (stored = stored.subarray(0, length)),
    loseNext: () => (loseNext = true),
  };
}

describe("a job's log on its way to the server", () => {
  it('sends the whole log, masked, with the section markers, and its size and checksum', async () => {
    const server = fakeServer();
    const trace = createJobTrace(server.client, job, ['s3cr3t-value'], {
      onCancelRequested: () => {},
      onAborted: () => {},
    });
    trace.sectionStart('step_script', 'Executing "step_script" stage of the job script');
    trace.write('token s3cr3t');
    trace.write('-value printed\n');
    trace.sectionEnd('step_script');
    const { bytesize, checksum } = await trace.close();
    expect(server.log()).toMatch(/^section_start:\d+:step_script\r/);
    expect(server.log()).toContain(
      'step_script\r\x1b[0K\x1b[36;1mExecuting "step_script" stage of the job script',
    );
    expect(server.log()).toContain('token [MASKED] printed\n');
    expect(server.log()).not.toContain('s3cr3t');
    expect(bytesize).toBe(Buffer.byteLength(server.log()));
    expect(checksum).toMatch(/^crc32:[0-9a-f]{8}$/);
  });

  it('sends 64 KiB at once without waiting for the next second', async () => {
    const server = fakeServer();
    const trace = createJobTrace(server.client, job, [], {
      onCancelRequested: () => {},
      onAborted: () => {},
    });
    trace.write('x'.repeat(64 * 1024));
    await delay(50);
    expect(server.patches).toEqual([{ offset: 0, length: 64 * 1024 }]);
    await trace.close();
  });

  it('resends from where the server’s copy ends when it answers 416', async () => {
    const server = fakeServer();
    const trace = createJobTrace(server.client, job, [], {
      onCancelRequested: () => {},
      onAborted: () => {},
    });
    trace.write('first line\n');
    await delay(1200);
    // The server lost the end of what it had (a restart mid-append): it now has 5 bytes.
    server.truncateTo(5);
    trace.write('second line\n');
    server.loseNext();
    await trace.close();
    expect(server.log()).toBe('first line\nsecond line\n');
  });

  it('tells the job when the server asks to cancel it, and stops sending when the job is gone', async () => {
    const canceling = fakeServer({ status: 'canceling' });
    let canceled = 0;
    const trace = createJobTrace(canceling.client, job, [], {
      onCancelRequested: () => canceled++,
      onAborted: () => {},
    });
    trace.write('working\n');
    await trace.close();
    expect(canceled).toBe(1);

    const gone = fakeServer({ status: 'canceled' });
    let aborted = 0;
    const abandoned = createJobTrace(gone.client, job, [], {
      onCancelRequested: () => {},
      onAborted: () => aborted++,
    });
    abandoned.write('working\n');
    await abandoned.close();
    expect(aborted).toBe(1);
    expect(gone.patches).toHaveLength(1);
  });

  it('keeps the log to its limit, says so once, and sends nothing more, as gitlab-runner does', async () => {
    const server = fakeServer();
    const trace = createJobTrace(
      server.client,
      job,
      ['s3cr3t'],
      { onCancelRequested: () => {}, onAborted: () => {} },
      16,
    );
    trace.write('0123456789');
    trace.write('abcdefghij');
    trace.write('more output\n');
    trace.line('s3cr3t');
    const { bytesize } = await trace.close();
    expect(server.log()).toBe(
      "0123456789abcdef\n\x1b[33;1mJob's log exceeded limit of 16 bytes.\n" +
        'Job execution will continue but no more output will be collected.\x1b[0;m\n',
    );
    expect(bytesize).toBe(Buffer.byteLength(server.log()));
  });
});
