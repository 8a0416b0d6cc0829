import { FAILURE_REASONS, TOKEN_MASK_PREFIXES } from '../../../shared/ci/failureReasons';
import { runningJobVariables, type CiVariable } from '../../../shared/ci';
import type { Config } from '../../config';
import type { ProjectContext } from '../projects/projects.service';
import type { BuildRow } from './builds.repo';
import { jobOptionsOf } from './job-options';
import { persistentRef, runnerVariable } from './pipeline-creation.service';
import type { Dependency } from './job-dependencies';
import type { PipelineRow } from './pipelines.repo';

/** GitLab's default `ci_default_git_depth` for new projects. */
const GIT_DEPTH = 20;

type Runner = { id: number; description: string; tagList: string[]; maximumTimeout: number | null };

export type JobPayloadInput = {
  build: BuildRow;
  pipeline: PipelineRow;
  ctx: ProjectContext;
  runner: Runner;
  token: string;
  config: Pick<Config, 'externalUrl'>;
  now: Date;
  /** Jobs whose artifacts this one downloads first. */
  dependencies?: Dependency[];
};

/** A job's timeout: its own, else the project's `build_timeout`, cut to the runner's maximum. */
export function jobTimeout(
  build: Pick<BuildRow, 'options'>,
  runner: Pick<Runner, 'maximumTimeout'>,
  projectTimeout: number,
): number {
  const own = jobOptionsOf(build).timeout ?? projectTimeout;
  return runner.maximumTimeout ? Math.min(own, runner.maximumTimeout) : own;
}

/** The clone URL with the job token as GitLab writes it: `http://gitlab-ci-token:<token>@host/path.git`. */
export function repositoryUrl(externalUrl: string, fullPath: string, token: string): string {
  const url = new URL(`${externalUrl.replace(/\/$/, '')}/${fullPath}.git`);
  url.username = 'gitlab-ci-token';
  url.password = token;
  return url.toString();
}

/** `image:` and each of `services:` as written (a name, or a hash), in GitLab's entity. */
function presentImage(image: unknown): Record<string, unknown> | null {
  if (typeof image === 'string') return { name: image, entrypoint: null, ports: [] };
  if (!image || typeof image !== 'object') return null;
  const {
    name,
    entrypoint,
    ports,
    alias,
    command,
    variables,
    pull_policy: pullPolicy,
  } = image as Record<string, unknown>;
  return {
    name: name ?? null,
    entrypoint: entrypoint ?? null,
    ports: ports ?? [],
    ...(alias !== undefined ? { alias } : {}),
    ...(command !== undefined ? { command } : {}),
    ...(variables !== undefined ? { variables } : {}),
    ...(pullPolicy !== undefined ? { pull_policy: pullPolicy } : {}),
  };
}

/** `cache:` as a list, each entry with GitLab's defaults. */
function presentCache(cache: unknown): Array<Record<string, unknown>> {
  const entries = Array.isArray(cache) ? cache : cache ? [cache] : [];
  return entries
    .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null)
    .map((entry) => ({
      key: typeof entry.key === 'string' ? entry.key : 'default',
      untracked: entry.untracked === true,
      paths: Array.isArray(entry.paths) ? entry.paths : [],
      policy: typeof entry.policy === 'string' ? entry.policy : 'pull-push',
      when: typeof entry.when === 'string' ? entry.when : 'on_success',
      fallback_keys: Array.isArray(entry.fallback_keys) ? entry.fallback_keys : [],
    }));
}

/**
 * `artifacts:` as GitLab Runner reads it: one zip archive of `paths` less `exclude`, and each
 * report GitLab parses (`reports:junit`) as its own gzip upload, always sent, as GitLab's
 * BuildRunnerPresenter lists them.
 */
function presentArtifacts(build: BuildRow) {
  const artifacts = jobOptionsOf(build).artifacts;
  if (!artifacts) return [];
  const junit = artifacts.reports?.junit;
  const junitPaths = typeof junit === 'string' ? [junit] : Array.isArray(junit) ? junit.map(String) : [];
  return [
    ...(artifacts.paths?.length || artifacts.untracked
      ? [
          {
            name: artifacts.name ?? 'artifacts',
            untracked: artifacts.untracked ?? false,
            paths: artifacts.paths ?? [],
            exclude: artifacts.exclude ?? [],
            when: artifacts.when ?? 'on_success',
            expire_in: artifacts.expireIn ?? null,
            artifact_type: 'archive',
            artifact_format: 'zip',
          },
        ]
      : []),
    ...(junitPaths.length
      ? [
          {
            name: 'junit.xml.gz',
            untracked: false,
            paths: junitPaths,
            exclude: [],
            when: 'always',
            expire_in: artifacts.expireIn ?? null,
            artifact_type: 'junit',
            artifact_format: 'gzip',
          },
        ]
      : []),
  ];
}

/** What the server adds to a job's variables once it runs: its id, token, runner. */
function runtimeVariables(input: JobPayloadInput, timeout: number): CiVariable[] {
  const { build, ctx, runner, token, config } = input;
  const projectUrl = `${config.externalUrl.replace(/\/$/, '')}/${ctx.fullPath}`;
  return [
    ...runningJobVariables({
      id: build.id,
      url: `${projectUrl}/-/jobs/${build.id}`,
      token,
      startedAt: build.startedAt?.toISOString(),
      repositoryUrl: repositoryUrl(config.externalUrl, ctx.fullPath, token),
    }),
    { key: 'CI_JOB_TIMEOUT', value: String(timeout) },
    { key: 'CI_RUNNER_ID', value: String(runner.id) },
    { key: 'CI_RUNNER_DESCRIPTION', value: runner.description },
    { key: 'CI_RUNNER_TAGS', value: JSON.stringify(runner.tagList) },
  ];
}

/**
 * The answer to a runner's job request (GitLab's JobRequest::Response): everything a runner
 * needs, GitLab Runner's field names, with the artifacts to upload and the dependencies whose
 * artifacts to download first.
 */
export function presentJobPayload(input: JobPayloadInput) {
  const { build, pipeline, ctx, token, config, now } = input;
  const options = jobOptionsOf(build);
  const timeout = jobTimeout(build, input.runner, ctx.project.buildTimeout);
  const stored = build.variables as CiVariable[];
  const afterScript = options.afterScript;
  return {
    id: build.id,
    token,
    allow_git_fetch: true,
    job_info: {
      id: build.id,
      name: build.name,
      stage: build.stage,
      pipeline_id: pipeline.id,
      project_id: ctx.project.id,
      project_name: ctx.project.name,
      project_full_path: ctx.fullPath,
      namespace_id: ctx.namespace.id,
      root_namespace_id: ctx.namespace.id,
      user_id: build.userId,
      time_in_queue_seconds: build.queuedAt ? (now.getTime() - build.queuedAt.getTime()) / 1000 : 0,
    },
    git_info: {
      repo_url: repositoryUrl(config.externalUrl, ctx.fullPath, token),
      repo_object_format: 'sha1',
      ref: build.ref,
      sha: pipeline.sha,
      before_sha: pipeline.beforeSha,
      ref_type: build.tag ? 'tag' : 'branch',
      // A merge request pipeline's ref (`refs/merge-requests/:iid/head`) is no branch: its commit
      // comes by the persistent ref alone, as GitLab's runner presenter sends it.
      refspecs: [
        `+${persistentRef(pipeline.id)}:${persistentRef(pipeline.id)}`,
        ...(build.ref.startsWith('refs/')
          ? []
          : [
              build.tag
                ? `+refs/tags/${build.ref}:refs/tags/${build.ref}`
                : `+refs/heads/${build.ref}:refs/remotes/origin/${build.ref}`,
            ]),
      ],
      depth: GIT_DEPTH,
      protected: build.protected,
    },
    runner_info: { timeout, runner_session_url: null },
    variables: [...runtimeVariables(input, timeout), ...stored].map(runnerVariable),
    steps: [
      {
        name: 'script',
        script: [...(options.beforeScript ?? []), ...(options.script ?? [])],
        timeout,
        when: 'on_success',
        allow_failure: false,
      },
      ...(afterScript
        ? [{ name: 'after_script', script: afterScript, timeout, when: 'always', allow_failure: true }]
        : []),
    ],
    image: presentImage(options.image),
    services: (options.services ?? []).map(presentImage).filter((service) => service !== null),
    artifacts: presentArtifacts(build),
    cache: presentCache(options.cache),
    credentials: [],
    // GitLab's: each dependency is downloaded with this job's own token.
    dependencies: (input.dependencies ?? []).map(({ build: dependency, artifact }) => ({
      id: dependency.id,
      name: dependency.name,
      token,
      artifacts_file: { filename: artifact.fileName, size: artifact.size },
    })),
    features: {
      trace_sections: true,
      token_mask_prefixes: TOKEN_MASK_PREFIXES,
      failure_reasons: FAILURE_REASONS,
    },
  };
}

export type JobPayload = ReturnType<typeof presentJobPayload>;
