import { describe, expect, it } from 'vitest';
import type { CiStatus } from '../ci/status/composite';
import { pipelineCheck, type PipelineCheck } from './pipelineCheck';

describe('pipelineCheck: the CI merge check', () => {
  it.each<[string, CiStatus | null, boolean, PipelineCheck]>([
    ['no pipeline ran for the head', null, false, 'ci_must_pass'],
    ['a successful pipeline', 'success', false, 'passed'],
    ['a failed pipeline', 'failed', false, 'ci_must_pass'],
    ['a canceled pipeline', 'canceled', false, 'ci_must_pass'],
    ['a pipeline blocked on a manual job', 'manual', false, 'ci_must_pass'],
    ['a skipped pipeline, where skipped is not success', 'skipped', false, 'ci_must_pass'],
    ['a skipped pipeline, where skipped counts as success', 'skipped', true, 'passed'],
    ['a created pipeline', 'created', false, 'ci_still_running'],
    ['a pending pipeline', 'pending', false, 'ci_still_running'],
    ['a preparing pipeline', 'preparing', false, 'ci_still_running'],
    ['a pipeline waiting for a resource', 'waiting_for_resource', false, 'ci_still_running'],
    ['a running pipeline', 'running', false, 'ci_still_running'],
    ['a pipeline with a delayed job', 'scheduled', false, 'ci_still_running'],
    ['a pipeline being canceled', 'canceling', false, 'ci_still_running'],
  ])('with "Pipelines must succeed": %s', (_case, headPipeline, skippedIsSuccess, expected) => {
    expect(pipelineCheck({ pipelineMustSucceed: true, skippedIsSuccess, headPipeline })).toBe(expected);
  });

  it.each<CiStatus | null>([null, 'failed', 'running', 'manual'])(
    'is inactive where the project does not require a pipeline (head pipeline %s)',
    (headPipeline) => {
      expect(pipelineCheck({ pipelineMustSucceed: false, skippedIsSuccess: false, headPipeline })).toBe(
        'inactive',
      );
    },
  );
});
