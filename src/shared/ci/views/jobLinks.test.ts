import { describe, expect, it } from 'vitest';
import {
  highlightedJobs,
  isLinkHighlighted,
  jobLinks,
  linkPath,
  linksShownByDefault,
  needsAncestry,
  type LinkRect,
} from './jobLinks';
import type { LayeredJob } from './needsLayers';

/** The e2e pipeline: `e2e` needs `compile` and `unit`, `unit` needs `compile`, `deploy` needs `lint`. */
const PIPELINE: LayeredJob[] = [
  { name: 'compile', needs: [] },
  { name: 'lint', needs: [] },
  { name: 'unit', needs: ['compile'] },
  { name: 'e2e', needs: ['compile', 'unit'] },
  { name: 'deploy', needs: ['lint'] },
];

const arrows = (jobs: LayeredJob[]) => jobLinks(jobs).map(({ source, target }) => `${source}>${target}`);

describe('jobLinks (which links the "Job dependencies" view draws)', () => {
  it.each<[string, LayeredJob[], string[]]>([
    ['one link per need', PIPELINE.slice(0, 3), ['compile>unit']],
    ['none a longer path already shows', PIPELINE, ['compile>unit', 'unit>e2e', 'lint>deploy']],
    [
      'none implied several steps away',
      [
        { name: 'a', needs: [] },
        { name: 'b', needs: ['a'] },
        { name: 'c', needs: ['b'] },
        { name: 'd', needs: ['a', 'c'] },
      ],
      ['a>b', 'b>c', 'c>d'],
    ],
    [
      'both needs when neither leads to the other',
      [
        { name: 'a', needs: [] },
        { name: 'b', needs: [] },
        { name: 'c', needs: ['a', 'b'] },
      ],
      ['a>c', 'b>c'],
    ],
    [
      'a need twice, once',
      [
        { name: 'a', needs: [] },
        { name: 'b', needs: ['a', 'a'] },
      ],
      ['a>b'],
    ],
    ['nothing for a need no job has (an optional need)', [{ name: 'x', needs: ['gone'] }], []],
    [
      'a cycle without looping',
      [
        { name: 'a', needs: ['b'] },
        { name: 'b', needs: ['a'] },
      ],
      ['b>a', 'a>b'],
    ],
  ])('draws %s', (_, jobs, expected) => {
    expect(arrows(jobs)).toEqual(expected);
  });
});

describe('highlightedJobs (what a hover on a job highlights)', () => {
  const ancestors = needsAncestry(PIPELINE);
  it.each<[string, string[]]>([
    ['e2e', ['e2e', 'compile', 'unit']],
    ['unit', ['unit', 'compile']],
    ['deploy', ['deploy', 'lint']],
    ['compile', ['compile']],
    ['gone', ['gone']],
  ])('a hover on %s highlights its needs chain', (name, expected) => {
    expect([...highlightedJobs(ancestors, name)].sort()).toEqual([...expected].sort());
  });

  it('highlights the links whose both ends are on the chain', () => {
    const chain = highlightedJobs(ancestors, 'e2e');
    const lit = jobLinks(PIPELINE).filter((link) => isLinkHighlighted(link, chain));
    expect(lit).toEqual([
      { source: 'compile', target: 'unit' },
      { source: 'unit', target: 'e2e' },
    ]);
  });
});

describe('linkPath (a link from the needed job to the job that needs it)', () => {
  const box = (left: number, top: number): LinkRect => ({ left, top, right: left + 200, bottom: top + 30 });
  it.each<[string, LinkRect, LinkRect, string]>([
    ['a straight line between jobs at one height', box(0, 0), box(264, 0), 'M200,15L264,15'],
    ['a curve into the next column', box(0, 0), box(264, 40), 'M200,15L216,15C240,15,240,55,264,55'],
    ['a curve up as well as down', box(0, 40), box(264, 0), 'M200,55L216,55C240,55,240,15,264,15'],
    [
      'a straight run across the columns in between, then the curve',
      box(0, 0),
      box(528, 80),
      'M200,15L480,15C504,15,504,95,528,95',
    ],
    ['only a curve when the columns are close', box(0, 0), box(220, 40), 'M200,15C210,15,210,55,220,55'],
    ['a curve on the left edges within a column', box(0, 0), box(0, 40), 'M0,15C-24,15,-24,55,0,55'],
    [
      'tenths, not long fractions',
      { left: 0.123, top: 0.456, right: 100.333, bottom: 20.777 },
      box(164.9999, 0.456),
      'M100.3,10.6L117,10.6C141,10.6,141,15.5,165,15.5',
    ],
  ])('draws %s', (_, source, target, expected) => {
    expect(linkPath(source, target)).toBe(expected);
  });
});

describe('linksShownByDefault (GitLab stops drawing links for large graphs)', () => {
  it.each<[number, boolean]>([
    [5, true],
    [199, true],
    [200, false],
    [500, false],
  ])('%i job items: %s', (count, shown) => {
    expect(linksShownByDefault(count)).toBe(shown);
  });
});
