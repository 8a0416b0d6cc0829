/** node-postgres's warning for a query handed to a client while another of its queries runs. */
const QUERY_QUEUE_WARNING = /client is already executing a query/;

/**
 * Collects node-postgres's query-queue warnings (pg 9 throws where pg 8 warns) from now until
 * `stop()`. Node prints a deprecation once a process, so a test that sees none proves the path it
 * drove asks one query of a client at a time only while no earlier test file of the worker warned:
 * none does, as every client of the server queues its queries (src/server/db/client.ts).
 */
export function collectQueryQueueWarnings(): { warnings: string[]; stop(): Promise<void> } {
  const warnings: string[] = [];
  const listener = (warning: Error) => {
    if (QUERY_QUEUE_WARNING.test(warning.message)) warnings.push(warning.message);
  };
  process.on('warning', listener);
  return {
    warnings,
    stop: async () => {
      // A warning is emitted on the next tick, which waits while promises settle one another (an
      // embedded PGlite answers that way): one turn of the event loop lets it out.
      await new Promise((resolve) => setImmediate(resolve));
      process.off('warning', listener);
    },
  };
}
