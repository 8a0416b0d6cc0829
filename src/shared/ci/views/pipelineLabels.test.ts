import { describe, expect, it } from 'vitest';
import { pipelineLabels } from './pipelineLabels';

const texts = (input: Parameters<typeof pipelineLabels>[0]) =>
  pipelineLabels(input).map((label) => label.text);

describe('pipelineLabels', () => {
  it('gives a plain push pipeline no label', () => {
    expect(texts({ source: 'push', yamlErrors: null, mergeRequestEventType: null })).toEqual([]);
  });

  it('names each merge request pipeline type, with the popover that explains it', () => {
    const cases = [
      ['detached', 'Merge request pipeline'],
      ['merged_result', 'Merged results pipeline'],
      ['merge_train', 'Merge train pipeline'],
    ] as const;
    for (const [type, text] of cases) {
      const [label] = pipelineLabels({
        source: 'merge_request_event',
        yamlErrors: null,
        mergeRequestEventType: type,
      });
      expect(label).toMatchObject({ text, popover: { title: text } });
      expect(label!.popover!.body.length).toBeGreaterThan(20);
    }
  });

  it('labels scheduled, trigger token and child pipelines, and an invalid configuration', () => {
    expect(texts({ source: 'schedule', yamlErrors: null, mergeRequestEventType: null })).toEqual([
      'Scheduled',
    ]);
    expect(texts({ source: 'trigger', yamlErrors: null, mergeRequestEventType: null })).toEqual([
      'trigger token',
    ]);
    expect(texts({ source: 'parent_pipeline', yamlErrors: 'bad', mergeRequestEventType: null })).toEqual([
      'child pipeline',
      'yaml invalid',
    ]);
  });
});
