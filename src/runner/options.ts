import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';

/** How a runner process runs: where the server is, its token, how many jobs at once, where jobs work. */
export const runnerOptionsSchema = z.object({
  url: z.url(),
  token: z.string().min(1),
  concurrent: z.coerce.number().int().min(1).max(64).default(2),
  buildsDir: z.string().min(1).default(path.join(os.tmpdir(), 'mergeway-builds')),
  /** Where the runner reaches the server's git; its --url when not given. */
  cloneUrl: z.url().optional(),
  /** Paths no job may see even where the sandbox shows the system (the server's data directory). */
  hidePaths: z.array(z.string()).default([]),
  /** The most of a job's log kept and sent, in KiB (gitlab-runner's `output_limit`, default 4096). */
  outputLimit: z.coerce
    .number()
    .int()
    .min(1)
    .max(1024 * 1024)
    .default(4096),
  /** Started by the server: stops when the server that started it is gone. */
  embedded: z.boolean().default(false),
});
export type RunnerOptions = z.infer<typeof runnerOptionsSchema>;

export const USAGE = `Usage: npm run runner -- --url URL --token TOKEN [--concurrent N] [--builds-dir DIR] [--clone-url URL]
       npm run runner -- --config FILE`;

/**
 * Options from the command line, or from a JSON file (`--config`): the server starts its embedded
 * runner with a file, so that the token is in no process listing.
 */
export async function readOptions(argv: string[]): Promise<RunnerOptions> {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      token: { type: 'string' },
      concurrent: { type: 'string' },
      'builds-dir': { type: 'string' },
      'clone-url': { type: 'string' },
      'output-limit': { type: 'string' },
      config: { type: 'string' },
    },
    allowPositionals: false,
  });
  const fromFile = values.config
    ? (JSON.parse(await readFile(values.config, 'utf8')) as Record<string, unknown>)
    : {};
  const merged = {
    ...fromFile,
    ...(values.url !== undefined ? { url: values.url } : {}),
    ...(values.token !== undefined ? { token: values.token } : {}),
    ...(values.concurrent !== undefined ? { concurrent: values.concurrent } : {}),
    ...(values['builds-dir'] !== undefined ? { buildsDir: path.resolve(values['builds-dir']) } : {}),
    ...(values['clone-url'] !== undefined ? { cloneUrl: values['clone-url'] } : {}),
    ...(values['output-limit'] !== undefined ? { outputLimit: values['output-limit'] } : {}),
  };
  const parsed = runnerOptionsSchema.safeParse(merged);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'options'}: ${issue.message}`,
    );
    throw new Error(`${problems.join('; ')}\n${USAGE}`);
  }
  return parsed.data;
}
