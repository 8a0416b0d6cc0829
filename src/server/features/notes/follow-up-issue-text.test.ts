import { describe, expect, it } from 'vitest';
import { followUpDescription, followUpTitle, type QuotedThread } from './follow-up-issue-text';

const thread = (overrides: Partial<QuotedThread> = {}): QuotedThread => ({
  authorUsername: 'alice',
  note: 'Rename this\nand add a test',
  url: 'http://localhost:3000/g/p/-/merge_requests/4#note_12',
  startsThread: true,
  otherNotes: 0,
  ...overrides,
});

describe('follow-up issue text (GitLab’s Issues::BuildService)', () => {
  it('names the merge request in the title', () => {
    expect(followUpTitle('Add checkout')).toBe('Follow-up from "Add checkout"');
  });

  it('quotes one thread as a task, each line indented as a block quote', () => {
    expect(followUpDescription('!4', [thread()])).toBe(
      'The following discussion from !4 should be addressed:\n\n' +
        '- [ ] @alice started a [discussion](http://localhost:3000/g/p/-/merge_requests/4#note_12): \n\n' +
        '    > Rename this\n    > and add a test',
    );
  });

  it('counts the other comments and says "commented on" for a reply', () => {
    const text = followUpDescription('!4', [
      thread({ otherNotes: 1 }),
      thread({ startsThread: false, otherNotes: 3, authorUsername: null, note: 'Why?\n' }),
    ]);
    expect(text).toContain('The following discussions from !4 should be addressed:');
    expect(text).toContain('#note_12):  (+1 comment)\n\n    > Rename this');
    expect(text).toContain('- [ ] A deleted user commented on a [discussion]');
    expect(text).toContain('(+3 comments)\n\n    > Why?\n');
  });

  it('says so when no thread is left to resolve', () => {
    expect(followUpDescription('!4', [])).toBe(
      'There are no unresolved discussions. Review the conversation in !4',
    );
  });
});
