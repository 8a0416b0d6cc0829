import { describe, expect, it } from 'vitest';
import { pipelineSentence, pipelineSummary } from './pipelineSummary';

const pipeline = (label: string) => ({
  id: 42,
  details: { event_type_name: 'Pipeline', status: { label } },
  commit: { short_id: '1a2b3c4d' },
  ref: { branch: 'feature' },
});

describe('the widget pipeline sentence', () => {
  it.each([
    ['passed', 'Pipeline #42 passed for 1a2b3c4d on feature'],
    ['failed', 'Pipeline #42 failed for 1a2b3c4d on feature'],
    ['running', 'Pipeline #42 running for 1a2b3c4d on feature'],
    ['waiting for manual action', 'Pipeline #42 waiting for manual action for 1a2b3c4d on feature'],
    ['passed with warnings', 'Pipeline #42 passed with warnings for 1a2b3c4d on feature'],
  ])('says %s', (label, sentence) => {
    expect(pipelineSentence(pipelineSummary(pipeline(label)))).toBe(sentence);
  });
});
