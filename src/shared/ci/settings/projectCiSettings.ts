import { DEFAULT_CI_CONFIG_PATH } from '../../repository/blobPages';
import { MAX_JOB_TIMEOUT_SECONDS, parseDuration } from '../duration';

export { DEFAULT_CI_CONFIG_PATH };

/** GitLab's default `build_timeout`: one hour. */
export const DEFAULT_BUILD_TIMEOUT_SECONDS = 3600;
/** The shortest `build_timeout` GitLab accepts: ten minutes. */
export const MIN_BUILD_TIMEOUT_SECONDS = 600;
/** GitLab's limit on `ci_config_path`. */
export const MAX_CI_CONFIG_PATH_LENGTH = 255;

/** GitLab's message for a `build_timeout` out of range (its bound is `< 1.month`). */
export const BUILD_TIMEOUT_RANGE_MESSAGE = 'needs to be between 10 minutes and 1 month';

/** Why a `build_timeout` (seconds) is refused, in GitLab's words; null when it is accepted. */
export function buildTimeoutProblem(seconds: number): string | null {
  if (!Number.isInteger(seconds)) return 'must be an integer';
  if (seconds < MIN_BUILD_TIMEOUT_SECONDS || seconds >= MAX_JOB_TIMEOUT_SECONDS)
    return BUILD_TIMEOUT_RANGE_MESSAGE;
  return null;
}

/**
 * The settings page's timeout field as GitLab reads it (ChronicDuration: `1h 30m`, `90 minutes`,
 * a bare number of seconds), with GitLab's message when it is out of range.
 */
export function readBuildTimeout(
  text: string,
): { ok: true; seconds: number } | { ok: false; message: string } {
  const seconds = parseDuration(text);
  if (seconds === null) return { ok: false, message: 'Timeout is not a duration, such as 1h 30m.' };
  const problem = buildTimeoutProblem(Math.round(seconds));
  return problem ? { ok: false, message: `Timeout ${problem}` } : { ok: true, seconds: Math.round(seconds) };
}

const SHORT_UNITS: ReadonlyArray<[string, number]> = [
  ['d', 86_400],
  ['h', 3600],
  ['m', 60],
  ['s', 1],
];

/** A timeout as the settings page shows it, GitLab's short form: `1h`, `1h 30m`, `2d 4h`. */
export function formatBuildTimeout(seconds: number): string {
  const parts: string[] = [];
  let rest = seconds;
  for (const [unit, size] of SHORT_UNITS) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(`${count}${unit}`);
    rest -= count * size;
  }
  return parts.length > 0 ? parts.join(' ') : '0s';
}

/**
 * Why a `ci_config_path` is refused, in GitLab's words; null when accepted. A blank one means the
 * default again. Like GitLab, it may not start with a slash nor climb with `..`.
 */
export function ciConfigPathProblem(path: string): string | null {
  if (path.length > MAX_CI_CONFIG_PATH_LENGTH)
    return `is too long (maximum is ${MAX_CI_CONFIG_PATH_LENGTH} characters)`;
  if (path.startsWith('/') || path.includes('..'))
    return 'cannot include leading slash or directory traversal.';
  return null;
}

/**
 * Where a `ci_config_path` points: a file of this project, or (GitLab's `path@group/project`, with
 * an optional `:ref`) another project's file. A `path@` naming this very project is this project's.
 */
export type CiConfigLocation =
  { kind: 'local'; path: string } | { kind: 'project'; path: string; project: string; ref: string | null };

/** Reads a stored `ci_config_path` (null or blank: the default file). */
export function ciConfigLocation(stored: string | null, projectFullPath: string): CiConfigLocation {
  const value = stored?.trim() ?? '';
  if (value === '') return { kind: 'local', path: DEFAULT_CI_CONFIG_PATH };
  const at = value.lastIndexOf('@');
  if (at <= 0) return { kind: 'local', path: value };
  const path = value.slice(0, at);
  const [project = '', ref] = value.slice(at + 1).split(':', 2);
  if (project === '') return { kind: 'local', path: value };
  if (project.toLowerCase() === projectFullPath.toLowerCase() && !ref) return { kind: 'local', path };
  return { kind: 'project', path, project, ref: ref || null };
}

/** GitLab's validation errors by attribute for the CI settings of a project update; null when none. */
export function ciSettingsProblems(input: {
  build_timeout?: number | undefined;
  ci_config_path?: string | null | undefined;
}): Record<string, string[]> | null {
  const problems: Record<string, string[]> = {};
  const timeout = input.build_timeout === undefined ? null : buildTimeoutProblem(input.build_timeout);
  if (timeout) problems.build_timeout = [timeout];
  const path = input.ci_config_path ? ciConfigPathProblem(input.ci_config_path.trim()) : null;
  if (path) problems.ci_config_path = [path];
  return Object.keys(problems).length > 0 ? problems : null;
}
