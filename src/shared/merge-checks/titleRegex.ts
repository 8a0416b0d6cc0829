import { RE2JS } from 're2js';
import { MAX_TITLE_REGEX_LENGTH } from './titleRegexLimits';

/**
 * Why a title regex cannot be saved, or null. Patterns run on RE2 (re2js): matching is linear in
 * the title, so a maintainer's pattern can never stall the server; RE2 has no backreferences or
 * lookarounds, and patterns that use them are refused here rather than failing every check later.
 */
export function titleRegexProblem(pattern: string): string | null {
  if (pattern.length > MAX_TITLE_REGEX_LENGTH)
    return `merge_request_title_regex is too long (maximum is ${MAX_TITLE_REGEX_LENGTH} characters)`;
  try {
    RE2JS.compile(pattern);
    return null;
  } catch {
    return 'merge_request_title_regex is not a valid regular expression';
  }
}

const compiled = new Map<string, RE2JS>();
const MAX_CACHED = 200;

/** Whether the title contains a match (GitLab's `match?`, unanchored unless the pattern anchors itself). */
export function titleMatchesRegex(pattern: string, title: string): boolean {
  let regex = compiled.get(pattern);
  if (!regex) {
    // A pattern that no longer compiles (saved by an older version) matches nothing, so the check fails visibly.
    if (titleRegexProblem(pattern) !== null) return false;
    regex = RE2JS.compile(pattern);
    if (compiled.size >= MAX_CACHED) compiled.clear();
    compiled.set(pattern, regex);
  }
  return regex.matcher(title).find();
}
