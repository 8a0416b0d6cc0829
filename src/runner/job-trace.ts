import { setTimeout as delay } from 'node:timers/promises';
import { crc32 } from 'node:zlib';
import { createMasker } from '../shared/ci/trace/masking';
import type { RunnerClient } from './client';
import type { JobSpec } from './job-spec';

/** The log is sent every second, or as soon as this much waits. */
export const TRACE_SEND_BYTES = 64 * 1024;
const TRACE_SEND_INTERVAL_MS = 1000;
/** The most one PATCH carries (gitlab-runner's default patch limit). */
const MAX_PATCH_BYTES = 1024 * 1024;
/**
 * With no log to send, the job is reported alive this often: its answer is also how a quiet job
 * learns it was canceled (the server's `X-GitLab-Trace-Update-Interval` while someone watches).
 */
const KEEPALIVE_MS = 3_000;
/** How long the end of a log is retried while the server cannot be reached. */
const FINAL_SEND_MS = 10 * 60_000;

/** gitlab-runner's default `output_limit` (4096 KiB): past it the job runs on, its output dropped. */
export const DEFAULT_OUTPUT_LIMIT_BYTES = 4096 * 1024;

const ANSI = {
  reset: '\x1b[0;m',
  green: '\x1b[32;1m',
  cyan: '\x1b[36;1m',
  red: '\x1b[31;1m',
  yellow: '\x1b[0;33m',
  clearLine: '\x1b[0K',
};
export { ANSI };

/** A log that only grows: bytes appended at the end, any range read back. */
function growingBuffer() {
  let buffer = Buffer.alloc(64 * 1024);
  let length = 0;
  return {
    append(data: Uint8Array) {
      if (length + data.length > buffer.length) {
        const bigger = Buffer.alloc(Math.max(buffer.length * 2, length + data.length));
        buffer.copy(bigger, 0, 0, length);
        buffer = bigger;
      }
      buffer.set(data, length);
      length += data.length;
    },
    slice: (from: number, to: number) => buffer.subarray(from, Math.min(to, length)),
    get length() {
      return length;
    },
    all: () => buffer.subarray(0, length),
  };
}

/** gitlab-runner's words when a job's log reaches the runner's `output_limit`. */
export const outputLimitMessage = (limit: number) =>
  `\n\x1b[33;1mJob's log exceeded limit of ${limit} bytes.\n` +
  `Job execution will continue but no more output will be collected.${ANSI.reset}\n`;

export type JobTraceEvents = { onCancelRequested(): void; onAborted(): void };

/**
 * A job's log on its way to the server: masked as it is written (a masked value split across two
 * writes too), kept whole in memory, and sent with `PATCH /jobs/:id/trace` every second or 64 KiB.
 * The server's answers say where its copy ends (a 416 resends from there) and whether the job was
 * canceled; with nothing to send, a `running` update every 3 s keeps the job alive.
 */
export function createJobTrace(
  client: RunnerClient,
  job: JobSpec,
  secrets: string[],
  events: JobTraceEvents,
  outputLimit = DEFAULT_OUTPUT_LIMIT_BYTES,
) {
  const masker = createMasker(secrets);
  const log = growingBuffer();
  let limitReached = false;
  let sent = 0;
  let sending: Promise<void> | null = null;
  let lastContact = Date.now();
  let stopped = false;
  let cancelRequested = false;
  let aborted = false;

  const timer = setInterval(() => void send(), TRACE_SEND_INTERVAL_MS);

  function noteState(state: { cancelRequested: boolean; aborted: boolean }) {
    if (state.aborted && !aborted) {
      aborted = true;
      events.onAborted();
    } else if (state.cancelRequested && !cancelRequested) {
      cancelRequested = true;
      events.onCancelRequested();
    }
  }

  async function sendOnce(): Promise<void> {
    if (aborted) return;
    if (sent >= log.length) {
      if (Date.now() - lastContact < KEEPALIVE_MS) return;
      const answer = await client.updateJob(job, { state: 'running' });
      if (answer) {
        lastContact = Date.now();
        noteState(answer.state);
      }
      return;
    }
    const data = Buffer.from(log.slice(sent, sent + MAX_PATCH_BYTES));
    const result = await client.patchTrace(job, sent, data);
    if (result.kind === 'failed') return;
    lastContact = Date.now();
    noteState(result.state);
    if (result.kind === 'accepted' || result.kind === 'range_mismatch')
      sent = Math.min(result.end, log.length);
  }

  /** Sends what waits, one PATCH at a time. */
  function send(): Promise<void> {
    sending ??= sendOnce().finally(() => (sending = null));
    return sending;
  }

  function write(data: string | Uint8Array): void {
    if (stopped || limitReached) return;
    append(masker.push(typeof data === 'string' ? Buffer.from(data) : data));
    if (log.length - sent >= TRACE_SEND_BYTES) void send();
  }

  /**
   * Keeps at most `outputLimit` bytes, then says so once, as gitlab-runner does: a job printing
   * a gigabyte costs the runner and the server a few MiB, and the job itself runs on.
   */
  function append(data: Uint8Array): void {
    const room = outputLimit - log.length;
    if (data.length <= room) return log.append(data);
    log.append(data.subarray(0, Math.max(room, 0)));
    log.append(Buffer.from(outputLimitMessage(outputLimit)));
    limitReached = true;
  }

  const line = (text: string) => write(`${text}\n`);

  /** GitLab Runner's collapsible sections (`section_start:<unix time>:<name>\r\e[0K`). */
  function sectionStart(name: string, title: string): void {
    write(
      `section_start:${Math.floor(Date.now() / 1000)}:${name}\r${ANSI.clearLine}${ANSI.cyan}${title}${ANSI.reset}\n`,
    );
  }
  function sectionEnd(name: string): void {
    write(`section_end:${Math.floor(Date.now() / 1000)}:${name}\r${ANSI.clearLine}`);
  }

  /** Flushes the masker and sends the rest of the log, retrying while the server cannot be reached. */
  async function close(): Promise<{ bytesize: number; checksum: string }> {
    if (!limitReached) append(masker.flush());
    stopped = true;
    clearInterval(timer);
    const deadline = Date.now() + FINAL_SEND_MS;
    while (sent < log.length && !aborted && Date.now() < deadline) {
      const before = sent;
      await send();
      if (sent === before) await delay(1000);
    }
    return { bytesize: log.length, checksum: `crc32:${crc32(log.all()).toString(16).padStart(8, '0')}` };
  }

  return {
    write,
    line,
    info: (text: string) => line(`${ANSI.green}${text}${ANSI.reset}`),
    warn: (text: string) => line(`${ANSI.yellow}${text}${ANSI.reset}`),
    error: (text: string) => line(`${ANSI.red}${text}${ANSI.reset}`),
    sectionStart,
    sectionEnd,
    close,
    get cancelRequested() {
      return cancelRequested;
    },
    get aborted() {
      return aborted;
    },
  };
}

export type JobTrace = ReturnType<typeof createJobTrace>;
