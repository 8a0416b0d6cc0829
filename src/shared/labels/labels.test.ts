import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  labelNamesOf,
  labelRefsIn,
  labelTextColor,
  labelTitleProblem,
  labelsChangedText,
  normalizeLabelColor,
} from './labels';

describe('label colours', () => {
  it('keeps #RRGGBB, spells out #RGB and turns CSS names into hex', () => {
    expect(normalizeLabelColor('#FFAABB')).toBe('#FFAABB');
    expect(normalizeLabelColor('#fab')).toBe('#ffaabb');
    expect(normalizeLabelColor('Red')).toBe('#ff0000');
    expect(normalizeLabelColor('rebeccapurple')).toBe('#663399');
    expect(normalizeLabelColor('#12345')).toBeNull();
    expect(normalizeLabelColor('reddish')).toBeNull();
  });

  it('picks the text colour with more contrast, never below WCAG AA', () => {
    expect(labelTextColor('#000080')).toBe('#FFFFFF');
    expect(labelTextColor('#ffffe0')).toBe('#000000');
    for (let grey = 0; grey < 256; grey += 5) {
      const hex = `#${grey.toString(16).padStart(2, '0').repeat(3)}`;
      expect(contrastRatio(hex, labelTextColor(hex))).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('label names and references', () => {
  it('words a bad title as GitLab does', () => {
    expect(labelTitleProblem('  ')).toBe("can't be blank");
    expect(labelTitleProblem('a,b')).toBe('is invalid');
    expect(labelTitleProblem('x'.repeat(256))).toBe('is too long (maximum is 255 characters)');
    expect(labelTitleProblem('needs review')).toBeNull();
  });

  it('reads comma lists and arrays, trimmed, without blanks or repeats', () => {
    expect(labelNamesOf('bug, frontend,,bug')).toEqual(['bug', 'frontend']);
    expect(labelNamesOf(['a,b', ' c '])).toEqual(['a', 'b', 'c']);
    expect(labelNamesOf('')).toEqual([]);
    expect(labelNamesOf(undefined)).toBeUndefined();
  });

  it('finds ~name, ~"two words" and ~123, not e-mail-like tildes', () => {
    expect(labelRefsIn('see ~bug, ~"needs review" and ~12. Also ~scope::x but not a~b')).toEqual([
      { kind: 'name', name: 'bug' },
      { kind: 'name', name: 'needs review' },
      { kind: 'id', id: 12 },
      { kind: 'name', name: 'scope::x' },
    ]);
    expect(labelRefsIn('~12abc')).toEqual([{ kind: 'name', name: '12abc' }]);
  });

  it('writes the label note as GitLab does', () => {
    expect(labelsChangedText([3], [])).toBe('added ~3 label');
    expect(labelsChangedText([2, 1], [5])).toBe('added ~1 ~2 labels and removed ~5 label');
    expect(labelsChangedText([], [4, 5])).toBe('removed ~4 ~5 labels');
  });
});
