import type { JobArtifacts, JobEnvironment, JobRetry, PlannedJob } from '../../../shared/ci';
import type { BridgeStrategy } from '../../../shared/ci/status/bridgeStatus';
import type { BuildRow } from './builds.repo';

/**
 * What a job keeps of its configuration (`ci_builds.options`), as written when the pipeline was
 * created: everything a runner is told, and what the server itself acts on (exit codes allowed
 * to fail, coverage, start_in).
 */
export type JobOptions = {
  /** `external`: a commit status reported by another CI (no runner ever takes it). */
  kind: 'build' | 'bridge' | 'external';
  /** External statuses: what the reporting CI said of it, and where its page is. */
  description?: string | null;
  targetUrl?: string | null;
  script?: string[];
  beforeScript?: string[];
  afterScript?: string[];
  image?: unknown;
  services?: unknown[];
  cache?: unknown;
  artifacts?: JobArtifacts;
  /** Seconds. */
  timeout?: number;
  retry?: JobRetry;
  dependencies?: string[];
  coverage?: string;
  environment?: JobEnvironment;
  allowFailureExitCodes?: number[];
  startIn?: string;
  interruptible?: boolean;
  resourceGroup?: string;
  parallel?: PlannedJob['parallel'];
  trigger?: PlannedJob['trigger'];
  /** A bridge's YAML variables (global and its own): what it forwards downstream. */
  yamlVariables?: { key: string; value: string }[];
  manualConfirmation?: string;
};

export const jobOptionsOf = (build: Pick<BuildRow, 'options'>): JobOptions => build.options as JobOptions;

/**
 * How a bridge follows its downstream pipeline, if it does: `strategy: depend` (runs until the
 * pipeline finishes and takes its outcome) or GitLab 18.2's `strategy: mirror` (shows the
 * pipeline's status as it goes, manual included). Null: it passes once the pipeline exists.
 */
export function downstreamStrategy(bridge: Pick<BuildRow, 'options'>): BridgeStrategy | null {
  const strategy = jobOptionsOf(bridge).trigger?.strategy;
  return strategy === 'depend' || strategy === 'mirror' ? strategy : null;
}

/** The options of a planned job (what is not a column of its own). */
export function jobOptionsFromPlan(job: PlannedJob): JobOptions {
  const options: JobOptions = {
    kind: job.kind,
    script: job.script,
    beforeScript: job.beforeScript,
    afterScript: job.afterScript,
    image: job.image,
    services: job.services,
    cache: job.cache,
    artifacts: job.artifacts,
    timeout: job.timeout,
    retry: job.retry,
    dependencies: job.dependencies,
    coverage: job.coverage,
    environment: job.environment,
    allowFailureExitCodes: job.allowFailureExitCodes,
    startIn: job.startIn,
    interruptible: job.interruptible,
    resourceGroup: job.resourceGroup,
    parallel: job.parallel,
    trigger: job.trigger,
    yamlVariables:
      job.kind === 'bridge' ? job.yamlVariables.map(({ key, value }) => ({ key, value })) : undefined,
    manualConfirmation: job.manualConfirmation,
  };
  // Absent keys stay absent in the stored JSON.
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as JobOptions;
}
