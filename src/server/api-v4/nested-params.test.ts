import { describe, expect, it } from 'vitest';
import { parseNestedParams } from './nested-params';

const parse = (text: string) => JSON.parse(JSON.stringify(parseNestedParams(text))) as unknown;

describe('parameters nested as Rack nests them', () => {
  it.each([
    ['title=Hi&draft=true', { title: 'Hi', draft: 'true' }],
    ['iids[]=1&iids[]=2', { iids: ['1', '2'] }],
    ['position[base_sha]=abc&position[new_line]=2', { position: { base_sha: 'abc', new_line: '2' } }],
    ['a[b][c]=1&a[b][d]=2&a[e]=3', { a: { b: { c: '1', d: '2' }, e: '3' } }],
    [
      'actions[][action]=create&actions[][file_path]=a&actions[][action]=delete',
      {
        actions: [{ action: 'create', file_path: 'a' }, { action: 'delete' }],
      },
    ],
    ['title=one&title=two', { title: 'two' }],
    ['q=a+b%20c&name%5Bfirst%5D=Ada', { q: 'a b c', name: { first: 'Ada' } }],
    ['empty=&=ignored&[]=kept', { empty: '', '[]': 'kept' }],
  ])('reads %s', (text, expected) => {
    expect(parse(text)).toEqual(expected);
  });

  it('keeps `__proto__` a key like any other', () => {
    const params = parseNestedParams('__proto__[admin]=1&constructor[prototype][admin]=1');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.keys(params)).toEqual(['__proto__', 'constructor']);
  });

  it.each([
    ['a=1&a[b]=2', "expected Hash (got String) for param `a'"],
    ['a[b]=1&a=2', "expected Hash (got String) for param `a'"],
    ['a[]=1&a[b]=2', "expected Hash (got Array) for param `a'"],
    ['a=1&a[]=2', "expected Array (got String) for param `a'"],
    [`a${'[b]'.repeat(40)}=1`, 'Parameters nested too deep'],
  ])('refuses %s rather than dropping a value', (text, message) => {
    expect(() => parseNestedParams(text)).toThrow(message);
  });
});
