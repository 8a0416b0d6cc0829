import { describe, expect, it } from 'vitest';
import { MAX_DESCRIPTION_LENGTH } from '../../shared/api/mergeRequests';
import { MAX_NOTE_LENGTH } from '../../shared/api/notes';
import { exceedsStructuralLimits, MAX_MARKDOWN_LENGTH, MAX_NESTING_DEPTH } from './complexity';
import { renderMarkdown } from './render';
import { unlinkedHtml } from './rendered';

describe('structural limits of markdown', () => {
  it('renders what the API accepts, and no more', () => {
    expect(MAX_MARKDOWN_LENGTH).toBe(MAX_DESCRIPTION_LENGTH);
    expect(MAX_MARKDOWN_LENGTH).toBe(MAX_NOTE_LENGTH);
    expect(exceedsStructuralLimits('a'.repeat(MAX_MARKDOWN_LENGTH))).toBe(false);
    expect(exceedsStructuralLimits('a'.repeat(MAX_MARKDOWN_LENGTH + 1))).toBe(true);
  });

  it.each([
    ['bullets', '- ', '- '],
    ['block quotes', '> ', '>'],
    ['numbers', '1. ', '2) '],
  ])('counts %s a line opens, up to 100', (_kind, marker, other) => {
    expect(exceedsStructuralLimits(`${marker.repeat(MAX_NESTING_DEPTH)}text`)).toBe(false);
    expect(exceedsStructuralLimits(`intro\n\n${marker.repeat(MAX_NESTING_DEPTH)}${other}text\nend`)).toBe(
      true,
    );
  });

  it('counts containers only where a line starts them', () => {
    expect(exceedsStructuralLimits(`text ${'- '.repeat(500)}`)).toBe(false);
    expect(exceedsStructuralLimits('-x '.repeat(500))).toBe(false);
    expect(exceedsStructuralLimits(`${'- '.repeat(60)}\n${'> '.repeat(60)}`)).toBe(false);
  });

  it('renders GitLab’s placeholder for a text past them', () => {
    expect(unlinkedHtml(renderMarkdown(`${'- '.repeat(1_000)}x`))).toBe(
      '<p>Rendering aborted due to complexity issues.</p>',
    );
  });
});
