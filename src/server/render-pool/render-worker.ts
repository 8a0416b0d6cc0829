import { parentPort } from 'node:worker_threads';
import { assertNever } from '../../shared/lib/assertNever';
import { highlightBlob } from '../highlight/highlight-blob';
import { renderInlineMarkdown, renderMarkdown } from '../markdown/render';
import type { RenderResult, RenderTask } from './render-pool';
import { currentThreadId } from './thread-cpu';
import type { WorkerMessage } from './worker-pool';

/** One render worker: renders what the pool sends, one task at a time (see render-pool.ts). */
function perform(task: RenderTask): RenderResult {
  switch (task.type) {
    case 'markdown':
      return renderMarkdown(task.text);
    case 'inline':
      return renderInlineMarkdown(task.text);
    case 'highlight':
      return highlightBlob(task.language, task.content);
    default:
      return assertNever(task);
  }
}

const port = parentPort;
if (!port) throw new Error('render-worker runs as a worker thread');
const send = (message: WorkerMessage<RenderResult>) => port.postMessage(message);
port.on('message', (task: RenderTask) => {
  try {
    send({ type: 'result', ok: true, value: perform(task) });
  } catch (error) {
    send({ type: 'result', ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
// A first rendering compiles the parser's hot paths and fills its lazy tables before any answer waits.
renderMarkdown('A *warm* start for #1, @someone and :tada:\n\n- [ ] a task');
send({ type: 'ready', threadId: currentThreadId() });
