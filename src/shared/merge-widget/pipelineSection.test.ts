import { describe, expect, it } from 'vitest';
import { pipelineSection } from './pipelineSection';

describe('pipelineSection', () => {
  it.each<[string, boolean, string | null, boolean, ReturnType<typeof pipelineSection>]>([
    ['§2 shown with its pipeline when CI exists', true, 'running', false, 'pipeline'],
    [
      '§2 shown with its pipeline when CI exists, whatever the project requires',
      true,
      'failed',
      true,
      'pipeline',
    ],
    [
      '§2 says the status could not be read when CI exists without a status',
      true,
      null,
      false,
      'pipelineStatusFailed',
    ],
    ['§2 says so too where a pipeline must succeed', true, null, true, 'pipelineStatusFailed'],
    ['§2 shown when pipeline-must-succeed applies and there is no CI', false, null, true, 'pipelineMustRun'],
    ['§2 hidden without CI when no pipeline must succeed', false, null, false, null],
  ])('%s', (_rule, hasCi, pipelineStatus, pipelineMustSucceed, expected) => {
    expect(pipelineSection({ hasCi, pipelineStatus, pipelineMustSucceed })).toBe(expected);
  });
});
