import { describe, expect, it } from 'vitest';
import { findReferences } from './references';

const references = (text: string) => findReferences(text).map((m) => m.reference);
const originals = (text: string) => findReferences(text).map((m) => m.reference.original);

describe('findReferences', () => {
  it('finds issues, merge requests and users in this project', () => {
    expect(references('See !12, #3 and @alice')).toEqual([
      { type: 'merge_request', project: null, iid: 12, original: '!12' },
      { type: 'issue', project: null, iid: 3, original: '#3' },
      { type: 'user', path: 'alice', original: '@alice' },
    ]);
  });

  it('finds the cross-project forms with the full project path', () => {
    expect(references('Fixed by group/sub/project!7 (see other/app#42).')).toEqual([
      { type: 'merge_request', project: 'group/sub/project', iid: 7, original: 'group/sub/project!7' },
      { type: 'issue', project: 'other/app', iid: 42, original: 'other/app#42' },
    ]);
  });

  it('gives the position of each reference in the text', () => {
    expect(findReferences('x #3 y')).toEqual([
      { start: 2, end: 4, reference: { type: 'issue', project: null, iid: 3, original: '#3' } },
    ]);
  });

  it('reads group paths after @ and leaves a sentence’s full stop out', () => {
    expect(originals('Ask @my-group/sub. Or @bob.')).toEqual(['@my-group/sub', '@bob']);
  });

  it.each([
    ['an e-mail address', 'mail bob@example.com'],
    ['a number glued to a word', 'C#1 and issue#2'],
    ['an iid running into letters', '#12abc and !3x'],
    ['a url fragment', 'page.html#4'],
    ['a bare sigil', '# heading-like and ! and @'],
    ['a doubled sigil', '##3 @@alice'],
    ['an iid beyond any id', '#99999999999 and #2147483648'],
    ['a zero iid', '#0'],
    ['a path starting with a dash', '-group/project#1'],
  ])('finds nothing in %s', (_name, text) => {
    expect(findReferences(text)).toEqual([]);
  });

  it('accepts punctuation around a reference', () => {
    expect(originals('(#1), [!2]; "@carol": #4.')).toEqual(['#1', '!2', '@carol', '#4']);
  });
});
