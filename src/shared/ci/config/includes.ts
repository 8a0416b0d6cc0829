import { globMatches } from '../glob';
import { expandVariables } from '../variables/collection';
import { deepMerge } from '../yaml/deepMerge';
import { isPlainObject, loadYaml } from '../yaml/loadYaml';

/** GitLab's `ci_max_includes` default: files included in one pipeline, nested ones counted. */
export const MAX_INCLUDES = 150;

const FILE_TYPES = ['local', 'project', 'remote', 'template', 'artifact', 'component'] as const;
type FileType = (typeof FILE_TYPES)[number];

/** What `include:` may read. Only the caller does I/O; these are plain functions or data. */
export interface IncludeSources {
  /** A file of the pipeline's repository at its sha: its text, or null when there is no such file. */
  readLocalFile(path: string): string | null;
  /** The repository's paths at the sha, for wildcard (`*`) local includes. */
  files?: readonly string[];
  /**
   * A file of another project (`include: project:`); `project_not_found` when the project is
   * unknown or not readable by the pipeline's user, `ref_not_found` for an unknown ref.
   */
  readProjectFile?(project: string, ref: string | undefined, path: string): ProjectFile;
  /** Variables expanded in include locations (`$CI_COMMIT_REF_NAME`). */
  variables?: ReadonlyMap<string, string>;
  /** Whether an include's `rules:` let it in; every include is taken when absent. */
  includeRulesPass?(rules: unknown): boolean;
}

export type ProjectFile =
  { found: true; content: string } | { found: false; missing: 'project' | 'ref' | 'file' };

export class IncludeError extends Error {}

interface IncludeState {
  count: number;
  included: Set<string>;
}

/**
 * Expands `include:` as GitLab's External::Processor does: each included file is loaded (its own
 * includes first), the files are deep-merged in order, and the including file is merged over
 * them. Throws IncludeError with GitLab's message for the first file that cannot be included.
 */
export function expandIncludes(
  config: Record<string, unknown>,
  sources: IncludeSources,
  state: IncludeState = { count: 0, included: new Set() },
): Record<string, unknown> {
  const locations = wrap(config.include).filter((location) => location !== null && location !== undefined);
  if (locations.length === 0) return config;
  const files = locations
    .map((location) => normalizeLocation(location, sources))
    .filter(
      (location) => location.rules === undefined || (sources.includeRulesPass?.(location.rules) ?? true),
    )
    .flatMap((location) => expandWildcard(location, sources, state))
    .map(expandLocationVariables(sources));
  let content: Record<string, unknown> = {};
  for (const location of files) {
    content = deepMerge(content, includeFile(location, sources, state));
  }
  const merged = deepMerge(content, config);
  delete merged.include;
  return merged;
}

function wrap(value: unknown): unknown[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function normalizeLocation(location: unknown, sources: IncludeSources): Record<string, unknown> {
  if (typeof location === 'string') {
    const expanded = expandVariables(location, sources.variables ?? new Map());
    return /^https?:\/\/[^\s/]+/i.test(expanded) ? { remote: expanded } : { local: expanded };
  }
  if (isPlainObject(location)) return location;
  throw new IncludeError('Each include must be a hash or a string');
}

function expandWildcard(
  location: Record<string, unknown>,
  sources: IncludeSources,
  state: IncludeState,
): Record<string, unknown>[] {
  const local = location.local;
  if (typeof local !== 'string' || !local.includes('*') || location.project) return [location];
  const pattern = local.replace(/^\/+/, '');
  return (sources.files ?? [])
    .filter((path) => globMatches(pattern, path) && !state.included.has(`local:${path}`))
    .map((path) => ({ ...location, local: path }));
}

function expandLocationVariables(sources: IncludeSources) {
  return (location: Record<string, unknown>): Record<string, unknown> => {
    const variables = sources.variables ?? new Map<string, string>();
    const expanded: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(location))
      expanded[key] = typeof value === 'string' ? expandVariables(value, variables) : value;
    return expanded;
  };
}

function fileType(location: Record<string, unknown>): FileType {
  const present = (key: FileType): boolean => {
    const value = location[key];
    return value !== undefined && value !== null && value !== '' && value !== false;
  };
  const matching = FILE_TYPES.filter((type) => present(type) && !(type === 'local' && present('project')));
  if (matching.length === 1) return matching[0]!;
  const subkeys = `\`${FILE_TYPES.join('`, `')}\``;
  if (matching.length === 0)
    throw new IncludeError(
      `\`${JSON.stringify(location)}\` does not have a valid subkey for include. Valid subkeys are: ${subkeys}`,
    );
  throw new IncludeError(`Each include must use only one of: ${subkeys}`);
}

function includeFile(
  location: Record<string, unknown>,
  sources: IncludeSources,
  state: IncludeState,
): Record<string, unknown> {
  const type = fileType(location);
  const path = type === 'project' ? location.file : location[type];
  state.count += 1;
  if (state.count > MAX_INCLUDES)
    throw new IncludeError(`Maximum of ${MAX_INCLUDES} nested includes are allowed!`);
  if (typeof path !== 'string')
    throw new IncludeError(`Included file \`${String(path)}\` needs to be a string`);
  const shown = type === 'local' ? path.replace(/^\/+/, '') : path;
  if (!/.+\.(yml|yaml)$/i.test(shown.split('/').pop() ?? ''))
    throw new IncludeError(`Included file \`${shown}\` does not have YAML extension!`);
  const content = readContent(type, shown, location, sources);
  state.included.add(`${type}:${shown}`);
  const loaded = loadYaml(content);
  if (!loaded.ok) {
    if (loaded.kind === 'format')
      throw new IncludeError(`Included file \`${shown}\` does not have valid YAML syntax!`);
    throw new IncludeError(`\`${shown}\`: ${loaded.error}`);
  }
  if (Object.keys(loaded.value).length === 0)
    throw new IncludeError(`Included file \`${shown}\` does not have valid YAML syntax!`);
  return expandIncludes(loaded.value, sources, state);
}

function readContent(
  type: FileType,
  path: string,
  location: Record<string, unknown>,
  sources: IncludeSources,
): string {
  switch (type) {
    case 'local': {
      const content = sources.readLocalFile(path);
      if (content === null) throw new IncludeError(`Local file \`${path}\` does not exist!`);
      if (content.trim() === '') throw new IncludeError(`Local file \`${path}\` is empty!`);
      return content;
    }
    case 'project': {
      const project = String(location.project);
      const ref = typeof location.ref === 'string' ? location.ref : undefined;
      const file = sources.readProjectFile?.(project, ref, path) ?? { found: false, missing: 'project' };
      if (!file.found && file.missing === 'project')
        throw new IncludeError(
          `Project \`${project}\` not found or access denied! Make sure any includes in the pipeline configuration are correctly defined.`,
        );
      if (!file.found && file.missing === 'ref')
        throw new IncludeError(`Project \`${project}\` reference \`${ref ?? 'HEAD'}\` does not exist!`);
      if (!file.found) throw new IncludeError(`Project \`${project}\` file \`${path}\` does not exist!`);
      if (file.content.trim() === '')
        throw new IncludeError(`Project \`${project}\` file \`${path}\` is empty!`);
      return file.content;
    }
    case 'remote':
      throw new IncludeError(
        `Remote file \`${path}\` could not be fetched because remote includes are not supported!`,
      );
    case 'template':
      throw new IncludeError(`Template file \`${path}\` is not a valid location!`);
    case 'artifact':
      throw new IncludeError(
        'Including configs from artifacts is only allowed when triggering child pipelines',
      );
    case 'component':
      throw new IncludeError('Unable to use components outside of a project context');
  }
}
