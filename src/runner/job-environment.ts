import { chown, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sortAndExpandAll, type CiVariable } from '../shared/ci';
import { maskedValues } from '../shared/ci/trace/masking';
import { RUNNER_INFO } from './client';
import type { JobSpec } from './job-spec';

/** Where the job sees its directories (the sandbox's paths, or the host's). */
type VisibleDirs = { builds: string; project: string; tmp: string };

/** What a job's processes start with besides its variables: a PATH, a HOME in its private /tmp. */
const BASE_ENVIRONMENT = {
  PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
  LANG: 'C.UTF-8',
};

/** The variables a runner adds to every job (GitLab Runner's names). */
function runnerVariables(dirs: VisibleDirs, concurrentId: number): CiVariable[] {
  return [
    { key: 'CI_PROJECT_DIR', value: dirs.project },
    { key: 'CI_BUILDS_DIR', value: dirs.builds },
    { key: 'CI_CONCURRENT_ID', value: String(concurrentId) },
    { key: 'CI_CONCURRENT_PROJECT_ID', value: String(concurrentId) },
    { key: 'CI_RUNNER_VERSION', value: RUNNER_INFO.version },
    { key: 'CI_RUNNER_REVISION', value: RUNNER_INFO.revision },
    { key: 'CI_RUNNER_EXECUTABLE_ARCH', value: `${RUNNER_INFO.platform}/${RUNNER_INFO.architecture}` },
    { key: 'CI_SHARED_ENVIRONMENT', value: 'true' },
    { key: 'CI_SERVER', value: 'yes' },
  ];
}

export type JobEnvironment = {
  env: Record<string, string>;
  /** Values the log must never show. */
  secrets: string[];
};

/**
 * The environment of a job's processes: its own variables (each value's references to others
 * expanded, `raw` ones as written; the last definition of a key wins), the runner's, and nothing
 * of the runner's or the server's own environment. File variables are written into the job's
 * private temporary directory and name that file.
 */
export async function jobEnvironment(
  job: JobSpec,
  dirs: VisibleDirs,
  hostTmp: string,
  concurrentId: number,
  owner: { uid: number; gid: number } | null,
): Promise<JobEnvironment> {
  const byKey = new Map<string, CiVariable>();
  for (const variable of [...job.variables, ...runnerVariables(dirs, concurrentId)])
    byKey.set(variable.key, variable);
  const variables = [...byKey.values()];
  const sorted = sortAndExpandAll(variables, { keepUndefined: true });
  const expanded = sorted.ok ? sorted.variables : variables;
  const env: Record<string, string> = { ...BASE_ENVIRONMENT, HOME: dirs.tmp, TMPDIR: dirs.tmp };
  for (const variable of expanded) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable.key)) continue;
    if (variable.file) {
      const file = `${variable.key}.variable`;
      await writeFile(path.join(hostTmp, file), variable.value, { mode: 0o600 });
      if (owner) await chown(path.join(hostTmp, file), owner.uid, owner.gid);
      env[variable.key] = path.posix.join(dirs.tmp, file);
    } else env[variable.key] = variable.value;
  }
  return { env, secrets: maskedValues(job.variables) };
}
