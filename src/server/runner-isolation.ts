/**
 * How the server's own runner keeps jobs apart from the machine, as that runner says at startup
 * (it detects the sandbox in its own process). The admin runners page shows it.
 */
export type RunnerIsolation = {
  /** What the administrators are told now. */
  describe(): string;
  /** A line the embedded runner printed; its isolation line is kept. */
  heard(line: string): void;
};

/** Lines the runner starts its isolation report with (src/runner/sandbox.ts `describeIsolation`). */
const ISOLATION_LINE = /^Jobs run /;

export function createRunnerIsolation(runner: 'embedded' | 'none'): RunnerIsolation {
  let reported: string | null = null;
  return {
    describe: () =>
      reported ??
      (runner === 'none'
        ? 'This server starts no runner of its own (RUNNER=none): jobs run on the runners registered here, isolated as their executors isolate them.'
        : 'The embedded runner has not reported how it isolates jobs yet: it says so once it has started.'),
    heard: (line) => {
      if (ISOLATION_LINE.test(line)) reported = line;
    },
  };
}
