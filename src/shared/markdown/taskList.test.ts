import { describe, expect, it } from 'vitest';
import { taskLineSource, taskText, toggleTask } from './taskList';

const text = ['Steps:', '', '- [ ] write', '- [x] test', '  1. [ ] nested', '> * [X] quoted'].join('\n');

describe('toggleTask', () => {
  it('ticks exactly the item on the named line', () => {
    const ticked = toggleTask(text, { lineNumber: 3, lineSource: '- [ ] write', checked: true });
    expect(ticked?.split('\n')).toEqual([
      'Steps:',
      '',
      '- [x] write',
      '- [x] test',
      '  1. [ ] nested',
      '> * [X] quoted',
    ]);
  });

  it('unticks, keeping indentation, numbering and blockquotes', () => {
    expect(
      toggleTask(text, { lineNumber: 6, lineSource: '> * [X] quoted', checked: false })?.split('\n')[5],
    ).toBe('> * [ ] quoted');
    expect(
      toggleTask(text, { lineNumber: 5, lineSource: '1. [ ] nested', checked: true })?.split('\n')[4],
    ).toBe('  1. [x] nested');
  });

  it('changes nothing when the item already is as asked', () => {
    expect(toggleTask(text, { lineNumber: 4, lineSource: '- [x] test', checked: true })).toBe(text);
  });

  it('keeps Windows line ends', () => {
    expect(toggleTask('- [ ] a\r\n- [ ] b', { lineNumber: 2, lineSource: '- [ ] b', checked: true })).toBe(
      '- [ ] a\r\n- [x] b',
    );
  });

  it.each([
    ['the line reads differently now', { lineNumber: 3, lineSource: '- [ ] write docs', checked: true }],
    ['the line is gone', { lineNumber: 9, lineSource: '- [ ] write', checked: true }],
    ['the line is no task item', { lineNumber: 1, lineSource: 'Steps:', checked: true }],
    ['the line number is not a line', { lineNumber: 0, lineSource: '', checked: true }],
  ])('refuses when %s', (_name, update) => {
    expect(toggleTask(text, update)).toBeNull();
  });

  it('does not take a checkbox-like text in the middle of a line for the item’s box', () => {
    expect(
      toggleTask('see [ ] here', { lineNumber: 1, lineSource: 'see [ ] here', checked: true }),
    ).toBeNull();
  });
});

describe('taskLineSource and taskText', () => {
  it('reads the line the browser compares, without surrounding spaces', () => {
    expect(taskLineSource(text, 5)).toBe('1. [ ] nested');
    expect(taskLineSource(text, 42)).toBeUndefined();
  });

  it('quotes the words after the checkbox', () => {
    expect(taskText('  - [x] ship **it** ')).toBe('ship **it**');
  });
});
