import { describe, expect, it } from 'vitest';
import { taskCompletionStatus } from './taskCompletion';

describe('taskCompletionStatus', () => {
  it('counts open and completed task items of every list style', () => {
    const text = ['- [ ] one', '- [x] two', '* [X] three', '+ [ ] four', '1. [x] five', '  2) [ ] six'].join(
      '\n',
    );
    expect(taskCompletionStatus(text)).toEqual({ count: 6, completed_count: 3 });
  });

  it('ignores items inside fenced code and text that only looks like a box', () => {
    const text = [
      '```',
      '- [x] in code',
      '```',
      '[x] no bullet',
      '-[x] no space',
      '- [y] other letter',
      '- [ ]',
    ].join('\n');
    expect(taskCompletionStatus(text)).toEqual({ count: 1, completed_count: 0 });
  });

  it('answers zero for a description without tasks', () => {
    expect(taskCompletionStatus('')).toEqual({ count: 0, completed_count: 0 });
  });
});
