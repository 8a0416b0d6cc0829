import { describe, expect, it } from 'vitest';
import { pipelineDuration } from './pipelineDuration';

const at = (seconds: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, seconds));
const period = (start: number | null, end: number | null) => ({
  startedAt: start === null ? null : at(start),
  finishedAt: end === null ? null : at(end),
});

describe('pipeline duration', () => {
  it.each([
    ['no jobs ran', [], null],
    ['one job', [period(0, 10)], 10],
    ['jobs one after another', [period(0, 10), period(20, 25)], 15],
    ['overlapping jobs count each second once', [period(0, 10), period(5, 15)], 15],
    ['a job inside another', [period(0, 30), period(5, 10)], 30],
    ['a job still running counts nothing yet', [period(0, 10), period(12, null)], 10],
    ['a job that never started', [period(null, null)], null],
  ])('%s', (_, periods, expected) => {
    expect(pipelineDuration(periods)).toBe(expected);
  });
});
