import {
  lintConfig,
  processConfig,
  type CiConfigResult,
  type IncludeSources,
  type LintResult,
} from '../../../shared/ci';
import { repositoryPathProblem } from '../../../shared/repository/repositoryInput';
import { MAX_YAML_SIZE_BYTES } from '../../../shared/ci/yaml/loadYaml';
import { listFilePaths, readBlob, readPathEntry } from '../../git/tree';
import {
  ciConfigLocation,
  DEFAULT_CI_CONFIG_PATH,
  type CiConfigLocation,
} from '../../../shared/ci/settings/projectCiSettings';

/** Where a project's CI configuration lives: its `ci_config_path`, `.gitlab-ci.yml` by default. */
export const projectConfigLocation = (ctx: {
  project: { ciConfigPath: string | null };
  fullPath: string;
}): CiConfigLocation => ciConfigLocation(ctx.project.ciConfigPath, ctx.fullPath);

/**
 * The root configuration for a file of another project (`path@group/project[:ref]`): an include of
 * it, as GitLab writes one. JSON is YAML, and quotes whatever the names hold.
 */
function includeOf(location: Extract<CiConfigLocation, { kind: 'project' }>): string {
  const include = {
    project: location.project,
    file: location.path,
    ...(location.ref ? { ref: location.ref } : {}),
  };
  return JSON.stringify({ include: [include] });
}

/** GitLab's `ci_max_includes`, plus the root file. */
const MAX_FILES = 151;

/**
 * A file of the configuration's commit as text. A file over GitLab's YAML size limit is not read:
 * what stands in for it is refused by the YAML loader with GitLab's "too big" error.
 */
async function readConfigFile(gitDir: string, sha: string, path: string): Promise<string | null> {
  if (repositoryPathProblem(path) !== null) return null;
  const entry = await readPathEntry(gitDir, sha, path);
  if (!entry || entry.type !== 'blob') return null;
  if (entry.size !== null && entry.size > MAX_YAML_SIZE_BYTES) return '#'.repeat(MAX_YAML_SIZE_BYTES + 1);
  const content = await readBlob(gitDir, entry.id);
  return content === null ? null : content.toString('utf8');
}

/**
 * Runs a pure reading of the configuration (which asks for `include: local` files as it goes,
 * synchronously) with the files it asks for read from git: each run that asks for a file not read
 * yet has it read, then runs again, until a run asks for nothing new.
 */
async function withLocalFiles<T>(
  gitDir: string,
  sha: string | null,
  files: readonly string[],
  run: (sources: IncludeSources) => T,
): Promise<T> {
  const cache = new Map<string, string | null>();
  for (let round = 0; ; round++) {
    const wanted = new Set<string>();
    const result = run({
      files,
      readLocalFile: (path) => {
        if (cache.has(path)) return cache.get(path)!;
        wanted.add(path);
        return null;
      },
    });
    if (wanted.size === 0 || round >= MAX_FILES) return result;
    await Promise.all(
      [...wanted].map(async (path) => cache.set(path, sha ? await readConfigFile(gitDir, sha, path) : null)),
    );
  }
}

export type LoadedConfig = { result: CiConfigResult; files: string[] };

/**
 * The CI configuration of a commit (the project's `ci_config_path`, `.gitlab-ci.yml` by default),
 * read and validated with its includes; null when it has none.
 * A child pipeline gives its own `source` instead: the `include:` of the bridge that triggers it.
 */
export async function loadCiConfig(
  gitDir: string,
  sha: string,
  given?: string,
  location: CiConfigLocation = { kind: 'local', path: DEFAULT_CI_CONFIG_PATH },
): Promise<LoadedConfig | null> {
  // The file list (for `rules:exists` and includes) is read beside the configuration: a wasted
  // `ls-tree` when there is none, one git call's wait less on every pipeline.
  const [source, files] = await Promise.all([
    given ?? (location.kind === 'local' ? readConfigFile(gitDir, sha, location.path) : includeOf(location)),
    listFilePaths(gitDir, sha),
  ]);
  if (source === null) return null;
  const result = await withLocalFiles(gitDir, sha, files, (sources) => processConfig(source, sources));
  return { result, files };
}

/** CI Lint of `source`, its local includes read at `sha` (none when the repository is empty). */
export async function lintCiSource(gitDir: string, sha: string | null, source: string): Promise<LintResult> {
  const files = sha ? await listFilePaths(gitDir, sha) : [];
  return withLocalFiles(gitDir, sha, files, (sources) => lintConfig(source, sources));
}
