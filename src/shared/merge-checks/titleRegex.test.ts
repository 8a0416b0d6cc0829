import { describe, expect, it } from 'vitest';
import { titleMatchesRegex, titleRegexProblem } from './titleRegex';
import { MAX_TITLE_REGEX_LENGTH } from './titleRegexLimits';

describe('titleRegexProblem', () => {
  it.each<[string, string, string | null]>([
    ['a conventional-commit pattern is fine', '^(feat|fix|docs): .+', null],
    ['a class with a quantifier is fine', '[A-Z]+-\\d+', null],
    [
      'an unbalanced group is refused',
      '(feat',
      'merge_request_title_regex is not a valid regular expression',
    ],
    [
      'a backreference is refused (RE2 has none)',
      '(a)\\1',
      'merge_request_title_regex is not a valid regular expression',
    ],
    [
      'a lookahead is refused (RE2 has none)',
      '(?=feat)',
      'merge_request_title_regex is not a valid regular expression',
    ],
    [
      'a pattern longer than the limit is refused',
      'a'.repeat(MAX_TITLE_REGEX_LENGTH + 1),
      'merge_request_title_regex is too long (maximum is 255 characters)',
    ],
  ])('%s', (_rule, pattern, problem) => {
    expect(titleRegexProblem(pattern)).toBe(problem);
  });
});

describe('titleMatchesRegex', () => {
  it.each<[string, string, string, boolean]>([
    ['an anchored pattern matches a title that starts right', '^feat: ', 'feat: add checks', true],
    ['an anchored pattern fails a title that does not', '^feat: ', 'Add checks', false],
    ['an unanchored pattern matches anywhere', '[A-Z]+-\\d+', 'Fix login (JIRA-12)', true],
    ['a saved pattern that is invalid matches nothing', '(feat', 'feat', false],
  ])('%s', (_rule, pattern, title, matches) => {
    expect(titleMatchesRegex(pattern, title)).toBe(matches);
  });

  it('answers a catastrophic-backtracking pattern in linear time', () => {
    const started = performance.now();
    expect(titleMatchesRegex('^(a+)+$', `${'a'.repeat(250)}!`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
