import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** A test case's status, in GitLab's words. */
export type TestCaseStatus = 'success' | 'failed' | 'error' | 'skipped';

/** One `<testcase>` as GitLab's JUnit parser reads it. */
export type ParsedTestCase = {
  status: TestCaseStatus;
  name: string;
  classname: string;
  file: string | null;
  /** Seconds. */
  executionTime: number;
  systemOutput: string | null;
  stackTrace: string | null;
  /** A path in the job's artifacts named by `[[ATTACHMENT|path]]` in the case's output. */
  attachment: string | null;
};

export type JunitResult = { ok: true; cases: ParsedTestCase[] } | { ok: false; error: string };

/** GitLab's prefix for a report that cannot be read. */
export const JUNIT_ERROR_PREFIX = 'JUnit XML parsing failed: ';

/** One XML document of a report larger than this is refused (a report is text of tests, not data). */
export const MAX_JUNIT_XML_CHARS = 30 * 1024 * 1024;
/** Test cases in one report at most. */
export const MAX_TEST_CASES = 100_000;
/** How deep `<testsuite>` may nest in another. */
const MAX_SUITE_DEPTH = 32;

type Node = Record<string, unknown>;

// Entities: XML's five and character references (the parser decodes the latter with its HTML
// table, which also knows `&nbsp;` and the like: harmless in test output). A DOCTYPE is refused
// before the parser sees the document, so no entity a report declares is ever expanded (billion
// laughs, external files).
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => ['testsuite', 'testcase', 'failure', 'error', 'skipped', 'system-out'].includes(name),
});

const fail = (reason: string): JunitResult => ({ ok: false, error: JUNIT_ERROR_PREFIX + reason });

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nodes = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

/** An element's text (its own, or `message` when it has none), or null when empty. */
function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() ? value.trim() : null;
  if (isNode(value) && typeof value['#text'] === 'string' && value['#text'].trim())
    return value['#text'].trim();
  return null;
}

const attribute = (node: Node, name: string): string | null =>
  typeof node[name] === 'string' ? node[name] : null;

const ATTACHMENT = /\[\[ATTACHMENT\|(.+?)\]\]/;

function readCase(node: Node): ParsedTestCase {
  const outcome = (['failure', 'error', 'skipped'] as const).find((key) => node[key] !== undefined);
  const status: TestCaseStatus =
    outcome === 'failure' ? 'failed' : outcome === 'error' ? 'error' : (outcome ?? 'success');
  const element = outcome ? nodes(node[outcome])[0] : undefined;
  const message = isNode(element) ? attribute(element, 'message') : null;
  const body = textOf(element);
  const systemOut = nodes(node['system-out']).map(textOf).filter(Boolean).join('\n');
  const time = Number(attribute(node, 'time') ?? 0);
  return {
    status,
    name: attribute(node, 'name') ?? '',
    classname: attribute(node, 'classname') ?? '',
    file: attribute(node, 'file'),
    executionTime: Number.isFinite(time) && time > 0 ? time : 0,
    // GitLab shows the failure's text as the case's output; a `message` beside a body is the
    // summary and the body its trace.
    systemOutput: message && body ? message : (body ?? message),
    stackTrace: message && body ? body : null,
    attachment:
      outcome === 'failure' || outcome === 'error' ? (ATTACHMENT.exec(systemOut)?.[1] ?? null) : null,
  };
}

/**
 * Whether markup (not text in CDATA or a comment) holds a DOCTYPE: the parser would read one
 * anywhere in the document, not only in the prolog.
 */
function declaresDoctype(xml: string): boolean {
  // One scan left to right, so a comment cannot hide a CDATA opener and the reverse.
  for (const match of xml.matchAll(/<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<!DOCTYPE/gi))
    if (/^<!DOCTYPE/i.test(match[0])) return true;
  return false;
}

/**
 * A JUnit XML report's test cases, from `<testsuites>` or a lone `<testsuite>`, with suites nested
 * in suites read through (GitLab keeps one suite per job, so the XML's suites are not kept).
 * A document that is not well-formed, declares a DOCTYPE, or is not JUnit gets an error.
 */
export function parseJunit(xml: string): JunitResult {
  if (xml.length > MAX_JUNIT_XML_CHARS)
    return fail(`the report is larger than ${MAX_JUNIT_XML_CHARS} characters`);
  if (declaresDoctype(xml)) return fail('DOCTYPE declarations are not allowed');
  if (!xml.trim()) return fail('Document is empty');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return fail(`${valid.err.line}:${valid.err.col}: ${valid.err.msg}`);
  const root = parser.parse(xml) as Node;
  const cases: ParsedTestCase[] = [];
  let tooMany = false;
  const walkSuite = (suite: unknown, depth: number): void => {
    if (!isNode(suite) || tooMany) return;
    if (depth > MAX_SUITE_DEPTH) {
      tooMany = true;
      return;
    }
    for (const testCase of nodes(suite.testcase)) {
      if (!isNode(testCase)) continue;
      if (cases.length >= MAX_TEST_CASES) {
        tooMany = true;
        return;
      }
      cases.push(readCase(testCase));
    }
    for (const inner of nodes(suite.testsuite)) walkSuite(inner, depth + 1);
  };
  if (root.testsuites !== undefined) for (const s of nodes(root.testsuites)) walkSuite(s, 0);
  else if (root.testsuite !== undefined) for (const s of nodes(root.testsuite)) walkSuite(s, 0);
  else return fail('the root element is neither testsuites nor testsuite');
  if (tooMany)
    return fail(`more than ${MAX_TEST_CASES} test cases or suites nested deeper than ${MAX_SUITE_DEPTH}`);
  return { ok: true, cases };
}

/**
 * The test suite a job's cases belong to: its name less a parallel suffix (`rspec 1/3`,
 * `test: [a, b]`), as GitLab groups a job's parallel copies into one suite.
 */
export function testSuiteName(jobName: string): string {
  return jobName.replace(/([\s:]+((\[.*\])|(\d+[\s:/\\]+\d+))){1,3}\s*$/, '').trim() || jobName;
}
