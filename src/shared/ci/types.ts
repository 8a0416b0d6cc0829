import type { CiVariable } from './variables/collection';

export type { CiVariable };

/** `when` of a job as configured. */
export type JobWhen = 'on_success' | 'on_failure' | 'always' | 'manual' | 'delayed' | 'never';

/** A YAML variable with what `expand:` and the root's `description`/`options` say of it. */
export interface YamlVariable {
  key: string;
  value: string;
  /** `expand: false`: the runner must not expand `$` references in it. */
  raw?: boolean;
  description?: string;
  options?: string[];
}

/** One `rules:` entry, validated. Clauses: if, changes, exists; the rest is what a match sets. */
export interface CiRule {
  if?: string;
  changes?: { paths: string[]; compareTo?: string };
  exists?: { paths: string[]; project?: string; ref?: string };
  when?: JobWhen;
  startIn?: string;
  allowFailure?: boolean;
  interruptible?: boolean;
  variables?: YamlVariable[];
  needs?: JobNeed[];
  autoCancel?: Record<string, unknown>;
}

/** `only:` / `except:` after GitLab's defaults: `only` is `refs: [branches, tags]` unless set. */
export interface CiPolicy {
  refs?: string[];
  variables?: string[];
  changes?: string[];
  kubernetes?: string;
}

export interface JobNeed {
  name: string;
  artifacts: boolean;
  optional: boolean;
}

/** Needs of another pipeline or project (`needs: project:` / `needs: pipeline:`), kept for later use. */
export interface CrossNeed {
  job?: string;
  project?: string;
  ref?: string;
  pipeline?: string;
  artifacts: boolean;
}

export interface JobRetry {
  max: number;
  when?: string[];
  exitCodes?: number[];
}

export interface JobArtifacts {
  name?: string;
  paths?: string[];
  exclude?: string[];
  untracked?: boolean;
  when?: 'on_success' | 'on_failure' | 'always';
  expireIn?: string;
  exposeAs?: string;
  public?: boolean;
  access?: string;
  /** Kept as written: parsed by the artifacts feature at upload. */
  reports?: Record<string, unknown>;
}

export interface JobEnvironment {
  name: string;
  url?: string;
  action: 'start' | 'stop' | 'prepare' | 'verify' | 'access';
  onStop?: string;
  autoStopIn?: string;
  deploymentTier?: string;
  kubernetes?: Record<string, unknown>;
}

export interface JobTrigger {
  /** A child pipeline from files of this project (`trigger: include:`). */
  include?: unknown[];
  /** A multi-project pipeline (`trigger: project:`, or `trigger: group/project`). */
  project?: string;
  branch?: string;
  strategy?: 'depend' | 'mirror';
  forward?: { yaml_variables?: boolean; pipeline_variables?: boolean };
  inputs?: Record<string, unknown>;
}

/** A job of the configuration, validated and normalized; `parallel` already expanded into jobs. */
export interface ConfigJob {
  name: string;
  /** `build` runs a script on a runner; `bridge` triggers a downstream pipeline. */
  kind: 'build' | 'bridge';
  stage: string;
  stageIndex: number;
  script?: string[];
  beforeScript?: string[];
  afterScript?: string[];
  /** Kept as written (string or hash) for the runner. */
  image?: unknown;
  services?: unknown[];
  cache?: unknown;
  /** The job's own YAML variables (matrix values included). */
  variables: YamlVariable[];
  /** `inherit:variables`: which root variables the job takes. */
  inheritVariables: boolean | string[];
  rules?: CiRule[];
  only?: CiPolicy;
  except?: CiPolicy;
  when: JobWhen;
  startIn?: string;
  /** `allow_failure: true`, or a manual job without `allow_failure` (GitLab's `ignore`). */
  allowFailure: boolean;
  allowFailureExitCodes?: number[];
  /** Null when the job has no `needs:` (stage order); `[]` for `needs: []`. */
  needs: JobNeed[] | null;
  crossNeeds?: CrossNeed[];
  dependencies?: string[];
  retry?: JobRetry;
  /** Seconds. */
  timeout?: number;
  parallel?: { total: number; instance: number; matrix?: Record<string, string> };
  artifacts?: JobArtifacts;
  coverage?: string;
  environment?: JobEnvironment;
  tags?: string[];
  interruptible?: boolean;
  resourceGroup?: string;
  trigger?: JobTrigger;
  release?: Record<string, unknown>;
  idTokens?: Record<string, unknown>;
  hooks?: Record<string, unknown>;
  manualConfirmation?: string;
  schedulingType: 'stage' | 'dag';
}

/** A configuration that holds, independent of any pipeline context. */
export interface CiConfig {
  stages: string[];
  variables: YamlVariable[];
  workflow: { rules?: CiRule[]; name?: string; autoCancel?: Record<string, unknown> };
  jobs: ConfigJob[];
}

export type CiConfigResult =
  | { valid: true; config: CiConfig; warnings: string[]; mergedYaml: Record<string, unknown> }
  | { valid: false; errors: string[]; warnings: string[]; mergedYaml?: Record<string, unknown> };

/** Who and what starts a pipeline: GitLab's pipeline sources. */
export type PipelineSource =
  | 'push'
  | 'web'
  | 'api'
  | 'schedule'
  | 'trigger'
  | 'merge_request_event'
  | 'pipeline'
  | 'parent_pipeline'
  | 'external'
  | 'chat'
  | 'webide'
  | 'external_pull_request_event'
  | 'ondemand_dast_scan';
