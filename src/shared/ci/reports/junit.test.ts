import { describe, expect, it } from 'vitest';
import { parseJunit, testSuiteName, type ParsedTestCase } from './junit';

const base = {
  classname: 'Cart',
  file: null,
  executionTime: 0,
  systemOutput: null,
  stackTrace: null,
  attachment: null,
};
const ok = (...cases: Partial<ParsedTestCase>[]) => ({
  ok: true,
  cases: cases.map((c) => ({ ...base, status: 'success', name: 'adds', ...c })),
});

describe('JUnit XML reports into test cases, as GitLab reads them', () => {
  it.each([
    [
      'a passing case with its time and file',
      '<testsuite name="cart"><testcase classname="Cart" name="adds" file="spec/cart.rb" time="0.25"/></testsuite>',
      ok({ file: 'spec/cart.rb', executionTime: 0.25 }),
    ],
    [
      'a failure: its message as output and its body as the stack trace',
      '<testsuites><testsuite><testcase classname="Cart" name="adds"><failure message="expected 2, got 3">at cart.rb:3</failure></testcase></testsuite></testsuites>',
      ok({ status: 'failed', systemOutput: 'expected 2, got 3', stackTrace: 'at cart.rb:3' }),
    ],
    [
      'a failure with only a body: the body is the output',
      '<testsuite><testcase classname="Cart" name="adds"><failure>boom</failure></testcase></testsuite>',
      ok({ status: 'failed', systemOutput: 'boom' }),
    ],
    [
      'an error with an attachment in its system-out',
      '<testsuite><testcase classname="Cart" name="adds"><error message="crash"/><system-out>[[ATTACHMENT|shots/adds.png]]</system-out></testcase></testsuite>',
      ok({ status: 'error', systemOutput: 'crash', attachment: 'shots/adds.png' }),
    ],
    [
      'a skipped case',
      '<testsuite><testcase classname="Cart" name="adds"><skipped/></testcase></testsuite>',
      ok({ status: 'skipped' }),
    ],
    [
      'suites nested in suites are read through, in order',
      '<testsuites><testsuite><testcase classname="Cart" name="a"/><testsuite><testcase classname="Cart" name="b"/></testsuite></testsuite><testsuite><testcase classname="Cart" name="c"/></testsuite></testsuites>',
      ok({ name: 'a' }, { name: 'b' }, { name: 'c' }),
    ],
    [
      'entities of XML itself and CDATA are text',
      '<testsuite><testcase classname="Cart" name="a &amp; b &#65;"><failure><![CDATA[<!DOCTYPE html> x < y]]></failure></testcase></testsuite>',
      ok({ name: 'a & b A', status: 'failed', systemOutput: '<!DOCTYPE html> x < y' }),
    ],
    ['an empty suite', '<testsuites/>', ok()],
    [
      'a time that is not a number counts as 0',
      '<testsuite><testcase classname="Cart" name="adds" time="abc"/></testsuite>',
      ok({}),
    ],
  ])('%s', (_, xml, expected) => {
    expect(parseJunit(xml)).toEqual(expected);
  });

  it.each([
    [
      'malformed XML',
      '<testsuite><testcase name="a"></testsuite>',
      /^JUnit XML parsing failed: 1:\d+: Expected closing tag 'testcase'/,
    ],
    ['an empty document', '  ', /^JUnit XML parsing failed: Document is empty$/],
    [
      'XML that is not JUnit',
      '<coverage/>',
      /^JUnit XML parsing failed: the root element is neither testsuites nor testsuite$/,
    ],
    [
      'an entity-expansion bomb (billion laughs)',
      `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]><testsuite><testcase name="&lol9;"/></testsuite>`,
      /^JUnit XML parsing failed: DOCTYPE declarations are not allowed$/,
    ],
    [
      'a DOCTYPE in the middle of the document',
      '<testsuite><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><testcase name="&e;"/></testsuite>',
      /DOCTYPE declarations are not allowed/,
    ],
    [
      'a DOCTYPE a comment tries to hide behind a CDATA opener',
      '<testsuite><!-- <![CDATA[ --><!DOCTYPE x [<!ENTITY e "boom">]><!-- ]]> --><testcase name="&e;"/></testsuite>',
      /DOCTYPE declarations are not allowed/,
    ],
  ])('%s is refused with a clear error', (_, xml, error) => {
    const result = parseJunit(xml);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(error);
  });
});

describe('the suite a job’s cases go to', () => {
  it.each([
    ['rspec', 'rspec'],
    ['rspec 1/3', 'rspec'],
    ['rspec 2:3', 'rspec'],
    ['test: [ruby, 3.2]', 'test'],
    ['unit tests', 'unit tests'],
  ])('%s -> %s', (job, suite) => {
    expect(testSuiteName(job)).toBe(suite);
  });
});
