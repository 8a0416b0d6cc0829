import { afterAll, afterEach, beforeEach, onTestFailed } from 'vitest';
import { scanOpenPages, scanStats } from './accessibility';
import { reportWhatWasLeft } from './failure-report';

beforeEach(() => {
  onTestFailed(reportWhatWasLeft);
});

// Each open page's last state is scanned once its test has passed: a violation fails the test.
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') await scanOpenPages();
});

afterAll(() => {
  const { beforeGoto, afterTest, skipped, ms } = scanStats;
  console.log(
    `accessibility: ${beforeGoto + afterTest} page states scanned (${beforeGoto} before a goto, ${afterTest} after a test), ${skipped} seen before, ${Math.round(ms)} ms so far in this worker`,
  );
});
