import { describe, expect, it } from 'vitest';
import {
  defaultMergeCommitMessage,
  mergeCommitMessage,
  renderCommitTemplate,
  squashCommitMessage,
  type CommitMessageFacts,
} from './commitMessage';

const facts: CommitMessageFacts = {
  sourceBranch: 'fix/empty-cart',
  targetBranch: 'main',
  title: 'Guard against an empty cart',
  description: 'Totals of an empty cart are zero.',
  reference: 'demo/shop!4',
  sourceProjectId: 7,
  url: 'http://localhost:3000/demo/shop/-/merge_requests/4',
  mergeRequestAuthor: 'Alice Liddell <alice@example.com>',
  mergedBy: 'Bob Builder <bob@example.com>',
  commits: [
    { message: 'Test the empty cart\n\nA regression test.\n', author: 'Bob Builder <bob@example.com>' },
    { message: 'Return zero for an empty cart', author: 'Alice Liddell <alice@example.com>' },
  ],
};

describe('commit messages', () => {
  it('writes GitLab’s default merge commit message', () => {
    expect(defaultMergeCommitMessage(facts)).toBe(
      "Merge branch 'fix/empty-cart' into 'main'\n\nGuard against an empty cart\n\nSee merge request demo/shop!4",
    );
    expect(mergeCommitMessage(null, facts)).toBe(defaultMergeCommitMessage(facts));
  });

  it('squashes with the title unless the project has a template', () => {
    expect(squashCommitMessage(null, facts)).toBe('Guard against an empty cart');
    expect(squashCommitMessage('%{title} (%{local_reference})', facts)).toBe(
      'Guard against an empty cart (!4)',
    );
  });

  it.each([
    ['%{source_branch} -> %{target_branch}', 'fix/empty-cart -> main'],
    ['%{reference} %{source_project_id}', 'demo/shop!4 7'],
    ['%{url}', 'http://localhost:3000/demo/shop/-/merge_requests/4'],
    ['%{description}', 'Totals of an empty cart are zero.'],
    ['%{first_commit}', 'Return zero for an empty cart'],
    ['%{first_multiline_commit}', 'Test the empty cart\n\nA regression test.'],
    [
      '%{merge_request_author} / %{merged_by}',
      'Alice Liddell <alice@example.com> / Bob Builder <bob@example.com>',
    ],
    ['%{all_commits}', '* Test the empty cart\n\nA regression test.\n* Return zero for an empty cart'],
    ['%{co_authored_by}', 'Co-authored-by: Alice Liddell <alice@example.com>'],
    ['%{unknown} stays', '%{unknown} stays'],
  ])('fills %s', (template, expected) => {
    expect(renderCommitTemplate(template, facts)).toBe(expected);
  });

  it('falls back to the title when no commit has a body', () => {
    const flat = { ...facts, commits: [{ message: 'One line', author: 'A <a@example.com>' }] };
    expect(renderCommitTemplate('%{first_multiline_commit}', flat)).toBe('Guard against an empty cart');
  });

  it('drops the lines of empty variables, and the blank line before them', () => {
    const template = "Merge '%{source_branch}'\n\n%{approved_by}\n\n%{title}\n%{issues}\nSee %{reference}";
    expect(renderCommitTemplate(template, facts)).toBe(
      "Merge 'fix/empty-cart'\n\nGuard against an empty cart\nSee demo/shop!4",
    );
    expect(renderCommitTemplate('%{title}\n\n%{reviewed_by}', facts)).toBe('Guard against an empty cart');
  });

  it('takes carriage returns out of templates', () => {
    expect(renderCommitTemplate('%{title}\r\nmore', facts)).toBe('Guard against an empty cart\nmore');
  });
});
