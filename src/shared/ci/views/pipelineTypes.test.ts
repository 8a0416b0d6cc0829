import { describe, expect, it } from 'vitest';
import {
  isMergeRequestEventType,
  pipelineEventTypeName,
  pipelineTypePopover,
  type MergeRequestEventType,
} from './pipelineTypes';

describe('pipeline event type names', () => {
  it.each<[MergeRequestEventType | null, string]>([
    [null, 'Pipeline'],
    ['detached', 'Merge request pipeline'],
    ['merged_result', 'Merged results pipeline'],
    ['merge_train', 'Merge train pipeline'],
  ])('%s is called "%s"', (type, name) => {
    expect(pipelineEventTypeName(type)).toBe(name);
  });

  it.each([
    ['detached', true],
    ['merged_result', true],
    ['merge_train', true],
    ['branch', false],
    [null, false],
    ['', false],
  ])('%s is a merge request event type: %s', (value, expected) => {
    expect(isMergeRequestEventType(value)).toBe(expected);
  });
});

describe('the pipeline type popover', () => {
  it.each<[MergeRequestEventType | null, boolean, string | null]>([
    [null, false, null],
    ['detached', false, 'Merge request pipeline'],
    ['merged_result', false, 'Merged results pipeline'],
    ['merge_train', false, 'Merge train pipeline'],
    // The flag alone makes it a train's pipeline (GitLab's flags.merge_train_pipeline).
    [null, true, 'Merge train pipeline'],
    ['merged_result', true, 'Merge train pipeline'],
  ])('event type %s, train flag %s: %s', (mergeRequestEventType, mergeTrainPipeline, title) => {
    const popover = pipelineTypePopover({ mergeRequestEventType, mergeTrainPipeline });
    expect(popover?.title ?? null).toBe(title);
    if (popover) expect(popover.body).toMatch(/^This pipeline ran on /);
  });
});
