// Prints one closing line over all suites, "Tests: N passed, N failed", after the name of each
// failed test: a CI log is often read from its end.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

let passed = 0;
let failed = 0;
const failures = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    failed += 1;
    failures.push(`missing report: ${file}`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.numRuntimeErrors ?? 0);
  for (const result of report.testResults ?? []) {
    const path = relative(process.cwd(), result.name);
    const tests = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of tests) failures.push(`FAILED ${file}: ${path} > ${test.fullName}`);
    if (tests.length === 0 && result.status === 'failed')
      failures.push(`FAILED ${file}: ${path}: ${(result.message ?? '').split('\n')[0]}`);
  }
}
for (const line of failures) console.log(line);
console.log(`Tests: ${passed} passed, ${failed} failed`);
