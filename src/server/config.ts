import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { nextRunAt } from '../shared/ci/schedule/cron';
import { INSTANCE_TIME_ZONE, PIPELINE_SCHEDULE_WORKER_CRON } from '../shared/ci/schedule/scheduleNextRun';
import { defaultRenderWorkers } from './render-pool/render-pool';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Requests per minute; 0 turns the limit off, as GitLab's application settings do. */
const perMinute = z.coerce.number().int().min(0).max(1_000_000);

/** proxy-addr's names for address ranges, besides single addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

const isProxyEntry = (entry: string) =>
  PROXY_RANGE_NAMES.includes(entry) || ipaddr.isValid(entry) || ipaddr.isValidCIDR(entry);

/** A comma-separated list of addresses, CIDR ranges and range names; empty trusts no proxy. */
const proxyList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine((entries) => entries.every(isProxyEntry), {
    message: 'TRUSTED_PROXIES takes addresses, CIDR ranges (10.0.0.0/8) and loopback, linklocal, uniquelocal',
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  INITIAL_ROOT_PASSWORD: z
    .string()
    .min(8, 'INITIAL_ROOT_PASSWORD must have at least 8 characters')
    .optional(),
  SEED_DEMO: bool.default(true),
  RUNNER: z.enum(['embedded', 'none']).default('embedded'),
  RUNNER_CONCURRENT: z.coerce.number().int().min(1).max(64).default(2),
  RUNNER_LONG_POLL_SECONDS: z.coerce.number().min(0).max(600).default(50),
  /** GitLab's `max_artifacts_size`: the largest artifacts archive a job may upload, in MB. */
  MAX_ARTIFACTS_SIZE_MB: z.coerce.number().positive().max(1_000_000).default(100),
  /** GitLab's `ci_jobs_trace_size_limit`: the largest job log a runner may send, in MB. */
  CI_JOBS_TRACE_SIZE_LIMIT_MB: z.coerce.number().positive().max(1_000_000).default(100),
  GEO_SECONDARY: bool.default(false),
  EXTERNAL_URL: z.string().url().optional(),
  ALLOW_LOCAL_REQUESTS_FROM_WEB_HOOKS_AND_SERVICES: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUSTED_PROXIES: proxyList.default(['loopback']),
  NOTES_CREATE_LIMIT: perMinute.default(300),
  ISSUES_CREATE_LIMIT: perMinute.default(300),
  MERGE_REQUESTS_CREATE_LIMIT: perMinute.default(150),
  PIPELINES_CREATE_LIMIT: perMinute.default(25),
  MARKDOWN_PREVIEW_LIMIT: perMinute.default(300),
  MARKDOWN_PREVIEW_LIMIT_UNAUTHENTICATED: perMinute.default(60),
  RENDER_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** GitLab's `pipeline_schedule_worker` cron (gitlab.yml): when due schedules start, in UTC. */
  PIPELINE_SCHEDULE_WORKER_CRON: z
    .string()
    .max(200)
    .default(PIPELINE_SCHEDULE_WORKER_CRON)
    // A rule that never fires (`0 0 30 2 *`) would start no schedule ever: refused with the others.
    .refine((cron) => nextRunAt(cron, INSTANCE_TIME_ZONE, new Date()) !== null, {
      message: `must be a cron rule that fires (five fields, such as "${PIPELINE_SCHEDULE_WORKER_CRON}")`,
    }),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  repositoriesDir: string;
  databaseUrl: string | undefined;
  initialRootPassword: string | undefined;
  seedDemo: boolean;
  runner: 'embedded' | 'none';
  /** Jobs the embedded runner runs at once. */
  runnerConcurrent: number;
  /** How long a runner's job request waits for a job before it is answered 204 (GitLab Workhorse's 50 s). */
  runnerLongPollMs: number;
  /** The largest artifacts archive a runner may upload (GitLab's 100 MB by default): 413 past it. */
  maxArtifactsBytes: number;
  /** The largest job log a runner may send (GitLab's 100 MB by default): past it the job fails. */
  maxTraceBytes: number;
  geoSecondary: boolean;
  externalUrl: string;
  /** Whether status checks may call addresses on this machine or its local network (GitLab's setting). */
  allowLocalRequests: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /**
   * Peers whose `X-Forwarded-For` (and `-Proto`, `-Host`) are believed: the load balancers in
   * front. Anyone else could write any client address there and walk around per-address limits.
   */
  trustedProxies: string[];
  /** GitLab's application rate limits, requests per minute (0: no limit). */
  applicationRateLimits: {
    notesCreate: number;
    issuesCreate: number;
    mergeRequestsCreate: number;
    pipelinesCreate: number;
    markdownPreview: number;
    markdownPreviewUnauthenticated: number;
  };
  /** Worker threads that render markdown and highlight code (docs/decisions.md). */
  renderWorkers: number;
  /** When the schedule worker starts due pipeline schedules; their `next_run_at` is rounded to it. */
  pipelineScheduleWorkerCron: string;
};

/** Reads configuration from environment variables (README lists them); a bad value stops startup with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    repositoriesDir: path.join(dataDir, 'repositories'),
    databaseUrl: e.DATABASE_URL,
    initialRootPassword: e.INITIAL_ROOT_PASSWORD,
    seedDemo: e.SEED_DEMO,
    runner: e.RUNNER,
    runnerConcurrent: e.RUNNER_CONCURRENT,
    runnerLongPollMs: Math.round(e.RUNNER_LONG_POLL_SECONDS * 1000),
    maxArtifactsBytes: Math.round(e.MAX_ARTIFACTS_SIZE_MB * 1024 * 1024),
    maxTraceBytes: Math.round(e.CI_JOBS_TRACE_SIZE_LIMIT_MB * 1024 * 1024),
    geoSecondary: e.GEO_SECONDARY,
    externalUrl: e.EXTERNAL_URL ?? `http://localhost:${e.PORT}`,
    allowLocalRequests: e.ALLOW_LOCAL_REQUESTS_FROM_WEB_HOOKS_AND_SERVICES,
    logLevel: e.LOG_LEVEL,
    trustedProxies: e.TRUSTED_PROXIES,
    applicationRateLimits: {
      notesCreate: e.NOTES_CREATE_LIMIT,
      issuesCreate: e.ISSUES_CREATE_LIMIT,
      mergeRequestsCreate: e.MERGE_REQUESTS_CREATE_LIMIT,
      pipelinesCreate: e.PIPELINES_CREATE_LIMIT,
      markdownPreview: e.MARKDOWN_PREVIEW_LIMIT,
      markdownPreviewUnauthenticated: e.MARKDOWN_PREVIEW_LIMIT_UNAUTHENTICATED,
    },
    renderWorkers: e.RENDER_WORKERS ?? defaultRenderWorkers(),
    pipelineScheduleWorkerCron: e.PIPELINE_SCHEDULE_WORKER_CRON,
  };
}
