import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buildAuthor, buildNote } from '../../../../test/support/note-fixtures';
import { EXTERNAL_PARTICIPANT, IMPORTED_NOTE_TOOLTIP, INTERNAL_NOTE_TOOLTIP, NoteHeader } from './NoteHeader';

const header = (overrides: Parameters<typeof buildNote>[0]) =>
  renderToStaticMarkup(<NoteHeader note={buildNote(overrides)} noteableName="merge request" />);

/** Spec 001 section 2.3, the badges and names a note header shows for what a note says of itself. */
describe('the note header', () => {
  it.each([
    ['an internal note', { internal: true }, 'Internal note', INTERNAL_NOTE_TOOLTIP],
    ['an imported note', { imported: true }, 'Imported', IMPORTED_NOTE_TOOLTIP],
  ])('badges %s, with its explanation', (_, overrides, label, tooltip) => {
    const html = header(overrides);
    expect(html).toContain(`>${label}<`);
    expect(html).toContain(tooltip);
  });

  it('shows neither badge on a plain note', () => {
    const html = header({});
    expect(html).not.toContain('Imported');
    expect(html).not.toContain('Internal note');
  });

  it('names a Service Desk participant by e-mail, as an external participant, instead of the bot that posted', () => {
    const html = header({ author: buildAuthor(9, 'Support Bot'), external_author: 'customer@example.com' });
    expect(html).toContain(`customer@example.com ${EXTERNAL_PARTICIPANT}`);
    expect(html).not.toContain('Support Bot');
  });

  it('says "A deleted user" for a note whose author is gone', () => {
    expect(header({ author: null })).toContain('A deleted user');
  });
});
