import { describe, expect, it } from 'vitest';
import {
  COVERAGE_POLL_INTERVAL,
  coverageOf,
  coverageMarker,
  nextCoveragePoll,
  type CoverageAnswer,
} from './coverage';

const ready: CoverageAnswer = { kind: 'ready', report: { files: { 'src/app.ts': { '3': 2, '4': 0 } } } };

describe('polling the coverage endpoint', () => {
  it.each<[string, CoverageAnswer | undefined, number, number | false]>([
    ['before the first answer', undefined, 0, false],
    ['still parsing, no interval given', { kind: 'pending', pollInterval: null }, 0, COVERAGE_POLL_INTERVAL],
    ['still parsing, the server asks for 5 s', { kind: 'pending', pollInterval: 5000 }, 10_000, 5000],
    ['still parsing after a minute', { kind: 'pending', pollInterval: null }, 60_000, false],
    ['the report is in', ready, 2000, false],
  ])('%s', (_name, answer, elapsed, next) => {
    expect(nextCoveragePoll(answer, elapsed)).toBe(next);
  });
});

describe('coverage markers', () => {
  it('draws nothing until the report is in, nor for files it does not list', () => {
    expect(coverageOf({ kind: 'pending', pollInterval: null }, 'src/app.ts')).toBeNull();
    expect(coverageOf(ready, 'src/other.ts')).toBeNull();
    expect(coverageOf(ready, 'src/app.ts')).toEqual({ '3': 2, '4': 0 });
  });

  it.each<[number | null, ReturnType<typeof coverageMarker>]>([
    [3, { covered: true, title: 'Test coverage: 2 hits' }],
    [4, { covered: false, title: 'No test coverage' }],
    [5, null],
    [null, null],
  ])('new line %s: %j', (newLine, marker) => {
    expect(coverageMarker(coverageOf(ready, 'src/app.ts'), newLine)).toEqual(marker);
  });
});
