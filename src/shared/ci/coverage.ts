import { compileRubyRegexp } from './untrustedRegexp';

/**
 * GitLab's coverage of a job from its log and its `coverage:` pattern (as the job keeps it: the
 * regex between its slashes): the log's lines are read from the last; on the first with matches,
 * the last match (its last group, when it has groups) gives the first number in it. Null when no
 * line matches or the pattern is not one RE2 runs.
 */
export function extractCoverage(log: string, pattern: string | undefined): number | null {
  if (!pattern) return null;
  const compiled = compileRubyRegexp(`/${pattern}/`);
  if (!compiled) return null;
  const lines = log.split('\n');
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index]!.replace(/\r$/, '');
    const matcher = compiled.matcher(line);
    let last: string | null = null;
    while (matcher.find()) {
      const groups = matcher.groupCount();
      last = (groups > 0 ? matcher.group(groups) : matcher.group(0)) ?? '';
    }
    if (last === null) continue;
    const number = /\d+(\.\d+)?/.exec(last);
    if (number) return Math.round(Number(number[0]) * 100) / 100;
  }
  return null;
}
