import { describe, expect, it } from 'vitest';
import type { DraftNote, NotePosition } from '../../../shared/api/notes';
import { buildDiscussion } from '../../../../test/support/note-fixtures';
import { draftShownOn, fileNotes, hiddenNoteLines, keyOfLine, lineKey } from './diffNotesPlacement';
import { diffFile, line } from '../../../../test/support/diff-fixtures';

const file = diffFile();
const oldRefs = { base_sha: 'd'.repeat(40), start_sha: 'd'.repeat(40), head_sha: 'e'.repeat(40) };
const at = (lines: Partial<NotePosition>, refs = file.diff_refs): NotePosition => ({
  ...refs,
  old_path: file.old_path,
  new_path: file.new_path,
  position_type: 'text',
  ...lines,
});
const diffThread = (id: string, position: NotePosition, extra = {}) =>
  buildDiscussion({ id, diff_discussion: true, position, original_position: position, ...extra });
const draft = (id: number, position: NotePosition | null, discussionId: string | null = null): DraftNote => ({
  id,
  author_id: 1,
  merge_request_id: 1,
  discussion_id: discussionId,
  resolve_discussion: false,
  note: 'Pending',
  note_html: '<p>Pending</p>',
  internal: false,
  position,
  line_code: null,
  commit_id: null,
  isDraft: true,
  references: { commands: '' },
  path: `/drafts/${id}`,
  publish_path: `/drafts/${id}/publish`,
});

describe('where diff threads show on a file', () => {
  it('keys lines by their old and new numbers', () => {
    expect(keyOfLine(line('new', null, 2))).toBe('_2');
    expect(lineKey(3, 3)).toBe('3_3');
  });

  it('puts a thread on its line when its diff is the one shown, images on the image', () => {
    const notes = fileNotes(
      [
        diffThread('on-line', at({ old_line: null, new_line: 2 })),
        diffThread('image', at({ position_type: 'image', x: 1, y: 1, width: 2, height: 2 })),
        diffThread('other-file', { ...at({ new_line: 2 }), old_path: 'b.ts', new_path: 'b.ts' }),
        buildDiscussion({ id: 'overview' }),
      ],
      [],
      file,
    );
    expect([...notes.lines.keys()]).toEqual(['_2']);
    expect(notes.lines.get('_2')?.map((d) => d.id)).toEqual(['on-line']);
    expect(notes.image.map((d) => d.id)).toEqual(['image']);
    expect(notes.outdated).toEqual([]);
  });

  it('shows a thread on the version it was written on, and lists it as outdated on a later one', () => {
    const outdated = diffThread('old', at({ old_line: null, new_line: 2 }, oldRefs), { active: false });
    expect(fileNotes([outdated], [], file).outdated.map((d) => d.id)).toEqual(['old']);
    const onOld = fileNotes([outdated], [], { ...file, diff_refs: oldRefs });
    expect(onOld.lines.get('_2')?.map((d) => d.id)).toEqual(['old']);
    expect(onOld.outdated).toEqual([]);
  });

  it('follows a thread a push moved onto the new diff, and shows it at its first place on the old one', () => {
    const moved = diffThread('moved', at({ old_line: 1, new_line: 1 }), {
      original_position: at({ old_line: 4, new_line: 4 }, oldRefs),
    });
    expect([...fileNotes([moved], [], file).lines.keys()]).toEqual(['1_1']);
    expect([...fileNotes([moved], [], { ...file, diff_refs: oldRefs }).lines.keys()]).toEqual(['4_4']);
  });

  it('places pending new threads on their lines or the image; pending replies stay in their threads', () => {
    const notes = fileNotes(
      [],
      [
        draft(1, at({ old_line: 1, new_line: 1 })),
        draft(2, at({ position_type: 'image', x: 0, y: 0, width: 1, height: 1 })),
        draft(3, at({ old_line: 1, new_line: 1 }), 'thread'),
        draft(4, null),
      ],
      file,
    );
    expect(notes.lineDrafts.get('1_1')?.map((d) => d.id)).toEqual([1]);
    expect(notes.imageDrafts.map((d) => d.id)).toEqual([2]);
    expect(draftShownOn(draft(1, at({ new_line: 2 })), [file])).toBe(true);
    expect(draftShownOn(draft(4, null), [file])).toBe(false);
    expect(draftShownOn(draft(5, at({ new_line: 2 }, oldRefs)), [file])).toBe(false);
  });
});

describe('threads on lines the diff hides', () => {
  it('names the unchanged lines with threads or pending comments that the lines shown leave out', () => {
    const notes = fileNotes(
      [
        diffThread('hidden', at({ old_line: 19, new_line: 20 })),
        diffThread('shown', at({ old_line: 1, new_line: 1 })),
        diffThread('added', at({ old_line: null, new_line: 2 })),
      ],
      [draft(1, at({ old_line: 8, new_line: 9 }))],
      file,
    );
    const shown = [line(null, 1, 1), line('new', null, 2), line('match', 8, 9)];
    expect(hiddenNoteLines(notes, shown)).toEqual([9, 20]);
    expect(hiddenNoteLines(notes, [...shown, line(null, 8, 9), line(null, 19, 20)])).toEqual([]);
  });
});
