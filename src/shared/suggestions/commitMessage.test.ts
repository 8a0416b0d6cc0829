import { describe, expect, it } from 'vitest';
import { suggestionCommitMessage, type SuggestionCommitFacts } from './commitMessage';

const facts: SuggestionCommitFacts = {
  filePaths: ['src/a.ts', 'src/b.ts', 'src/a.ts'],
  suggestionsCount: 3,
  projectPath: 'acme/shop',
  projectName: 'shop',
  branchName: 'feature',
  userFullName: 'Ada Lovelace',
  username: 'ada',
  coAuthors: [],
};

describe('suggestionCommitMessage', () => {
  it.each<[string, Partial<SuggestionCommitFacts>, string | undefined, string]>([
    ['GitLab’s default template', {}, undefined, 'Apply 3 suggestion(s) to 2 file(s)'],
    ['an empty message takes the default', {}, '  ', 'Apply 3 suggestion(s) to 2 file(s)'],
    ['the user’s message as it is', {}, 'Fix typos', 'Fix typos'],
    [
      'placeholders in the user’s message',
      {},
      '%{username} applied %{suggestions_count} to %{file_paths} on %{branch_name} in %{project_path}',
      'ada applied 3 to src/a.ts, src/b.ts on feature in acme/shop',
    ],
    ['an unknown placeholder stays', {}, 'Apply %{nope}', 'Apply %{nope}'],
    [
      'a co-author line per other author, once each',
      {
        coAuthors: [
          { name: 'Bob', email: 'bob@example.com' },
          { name: 'Bob', email: 'bob@example.com' },
          { name: 'Cy', email: 'cy@example.com' },
        ],
      },
      undefined,
      'Apply 3 suggestion(s) to 2 file(s)\n\nCo-authored-by: Bob <bob@example.com>\nCo-authored-by: Cy <cy@example.com>',
    ],
  ])('%s', (_, overrides, template, expected) => {
    expect(suggestionCommitMessage({ ...facts, ...overrides }, template)).toBe(expected);
  });
});
