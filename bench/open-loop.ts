// Open-loop polling: each poller sends on its own schedule, whatever the answers do, as browsers
// polling a widget do. autocannon's closed loop sends again the moment an answer comes, so 500
// pollers there measure a queue 500 deep; its paced modes fire in bursts. Here 500 pollers are
// spread evenly over the interval, and each latency is counted from the moment the poll was due,
// so a late timer or a slow answer is in the figure rather than hidden (no coordinated omission).
import { Worker } from 'node:worker_threads';

/** What a polling run measured, closed loop (autocannon) or open loop alike. */
export type PollFigures = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  notModified: number;
  others: number;
};

export type OpenLoopLoad = {
  url: string;
  /** The same headers for every poller, or poller i sends `headers[i % headers.length]` (its own session). */
  headers: Record<string, string> | Record<string, string>[];
  pollers: number;
  intervalMs: number;
  seconds: number;
};

// Plain JavaScript, run in a worker thread so the pollers never share the server's event loop.
const POLLERS = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, pollers, intervalMs, seconds } = workerData;
const headersOf = (poller) => (Array.isArray(headers) ? headers[poller % headers.length] : headers);
const agent = new http.Agent({ keepAlive: true, maxSockets: pollers, maxFreeSockets: pollers });
const latencies = [];
let notModified = 0;
let others = 0;
let running = 0;
const started = performance.now();
const end = started + seconds * 1000;
function poll(poller, due) {
  running++;
  const request = http.get(url, { agent, headers: headersOf(poller) }, (response) => {
    response.resume();
    response.on('end', () => {
      latencies.push(performance.now() - due);
      if (response.statusCode === 304) notModified++;
      else others++;
      running--;
    });
  });
  request.on('error', () => { others++; running--; });
}
function schedule(poller, due) {
  if (due >= end) return;
  setTimeout(() => { poll(poller, due); schedule(poller, due + intervalMs); }, Math.max(0, due - performance.now()));
}
for (let i = 0; i < pollers; i++) schedule(i, started + (i * intervalMs) / pollers);
const finish = setInterval(() => {
  if (performance.now() < end || running > 0) return;
  clearInterval(finish);
  agent.destroy();
  parentPort.postMessage({ latencies, notModified, others });
}, 50);
`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;

export function pollOpenLoop(load: OpenLoopLoad): Promise<PollFigures> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(POLLERS, { eval: true, workerData: load });
    worker.once('error', reject);
    worker.once('message', (result: { latencies: number[]; notModified: number; others: number }) => {
      void worker.terminate();
      const sorted = Float64Array.from(result.latencies).sort();
      const values = Array.from(sorted);
      resolve({
        requestsPerSecond: values.length / load.seconds,
        p50Ms: percentile(values, 0.5),
        p99Ms: percentile(values, 0.99),
        notModified: result.notModified,
        others: result.others,
      });
    });
  });
}
