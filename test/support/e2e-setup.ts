import { beforeEach, onTestFailed } from 'vitest';
import { reportWhatWasLeft } from './failure-report';

beforeEach(() => {
  onTestFailed(reportWhatWasLeft);
});
