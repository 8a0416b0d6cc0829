import os from 'node:os';
import type { HighlightedBlob } from '../highlight/highlight-blob';
import { RENDER_TIMEOUT_MS } from '../markdown/complexity';
import type { RenderedMarkdown } from '../markdown/rendered';
import { createWorkerPool, type PoolOutcome } from './worker-pool';

/** Characters of text waiting for a worker at most (about 64 MB); past it the oldest wait is dropped. */
const MAX_QUEUED_CHARACTERS = 32 * 1024 * 1024;

/**
 * A worker's heap: rendering the largest text allowed (1,000,000 characters) takes a few hundred
 * MB at worst; a document that needs more fails alone.
 */
const WORKER_HEAP_MB = 1024;

export type RenderTask =
  | { type: 'markdown'; text: string }
  | { type: 'inline'; text: string }
  | { type: 'highlight'; language: string; content: string };

export type RenderResult = RenderedMarkdown | HighlightedBlob;

/**
 * Workers by default: all cores but the one the server's own thread (and the embedded database)
 * runs on, at least 2 so one document at its budget does not hold up every other, at most 4.
 */
export const defaultRenderWorkers = (cores = os.availableParallelism()): number =>
  Math.min(4, Math.max(2, cores - 1));

const weigh = (task: RenderTask): number => (task.type === 'highlight' ? task.content : task.text).length;

/**
 * The worker threads that render markdown and highlight code, so that no document, however
 * crafted, holds the server's event loop (docs/decisions.md). Each task has `budgetMs` of a
 * worker's time (RENDER_TIMEOUT_MS; tests shorten it).
 */
export function createRenderPool({
  size = defaultRenderWorkers(),
  budgetMs = RENDER_TIMEOUT_MS,
}: { size?: number; budgetMs?: number } = {}) {
  const pool = createWorkerPool<RenderTask, RenderResult>({
    entry: new URL('./render-worker.mjs', import.meta.url),
    size,
    maxQueuedWeight: MAX_QUEUED_CHARACTERS,
    weigh,
    maxHeapMb: WORKER_HEAP_MB,
  });
  // Each task's type decides its result's type (render-worker.ts), which the messages cannot carry.
  return {
    markdown: (text: string, inline: boolean) =>
      pool.run({ type: inline ? 'inline' : 'markdown', text }, budgetMs) as Promise<
        PoolOutcome<RenderedMarkdown>
      >,
    highlight: (language: string, content: string) =>
      pool.run({ type: 'highlight', language, content }, budgetMs) as Promise<PoolOutcome<HighlightedBlob>>,
    firstStart: pool.firstStart,
    close: pool.close,
    workerCount: pool.workerCount,
  };
}

export type RenderPool = ReturnType<typeof createRenderPool>;
