import { describe, expect, it } from 'vitest';
import { pipelineSection } from './pipelineSection';

describe('pipelineSection', () => {
  it.each<[string, boolean, boolean, ReturnType<typeof pipelineSection>]>([
    ['§2 shown with its pipeline when CI exists', true, false, 'pipeline'],
    ['§2 shown with its pipeline when CI exists, whatever the project requires', true, true, 'pipeline'],
    ['§2 shown when pipeline-must-succeed applies and there is no CI', false, true, 'pipelineMustRun'],
    ['§2 hidden without CI when no pipeline must succeed', false, false, null],
  ])('%s', (_rule, hasCi, pipelineMustSucceed, expected) => {
    expect(pipelineSection({ hasCi, pipelineMustSucceed })).toBe(expected);
  });
});
