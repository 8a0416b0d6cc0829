import type { NotePosition } from '../../../shared/api/notes';
import type { Actor } from '../../auth/permissions';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AwardEmojiService } from '../award-emoji/award-emoji.service';
import type { ReferencesService } from '../references/references.service';
import type { SuggestionsService } from '../suggestions/suggestions.service';
import type { DiffNotesService } from './diff-notes.service';
import type { Noteable } from './noteables';
import type { NotePresentation } from './notes.presenter';
import { findAuthorFacts, findDescriptionVersions, type NoteRecord, type NoteRow } from './notes.repo';

type Deps = {
  db: Db;
  config: Pick<Config, 'externalUrl'>;
  awardEmoji: Pick<AwardEmojiService, 'awardsOn'>;
  suggestions: Pick<SuggestionsService, 'forNotes'>;
  diffNotes: Pick<DiffNotesService, 'excerpts'>;
  references: Pick<ReferencesService, 'writerFor'>;
};

/** Where a diff thread's excerpt is cut from: the place its note was written on. */
export const excerptPosition = (note: NoteRow): NotePosition | null =>
  note.type === 'DiffNote' ? ((note.originalPosition ?? note.position) as NotePosition | null) : null;

/**
 * Loads, in one batch per kind, what a page of notes shows beside its rows: awards, the authors'
 * roles and contributions in the project, the description versions system notes point at, the
 * suggestions, the diff excerpts of diff threads (cached, so a warm page runs no git), and what
 * the notes' references name (`note_html`).
 */
export function createNotePresentation({ db, config, awardEmoji, suggestions, diffNotes, references }: Deps) {
  return async function presentationFor(
    actor: Actor,
    noteable: Noteable,
    records: NoteRecord[],
  ): Promise<NotePresentation> {
    const noteIds = records.map((r) => r.note.id);
    const authorIds = [
      ...new Set(records.flatMap((r) => (r.note.authorId === null ? [] : [r.note.authorId]))),
    ];
    const versionIds = records.flatMap((r) => {
      const id = (r.note.systemNoteMetadata as { description_version_id?: unknown } | null)
        ?.description_version_id;
      return typeof id === 'number' ? [id] : [];
    });
    const positions = records.flatMap((r) => excerptPosition(r.note) ?? []);
    const [awards, authors, versions, suggested, excerpts, markdown] = await Promise.all([
      noteIds.length > 0 ? awardEmoji.awardsOn('Note', noteIds) : new Map(),
      findAuthorFacts(db, noteable.ctx, authorIds),
      findDescriptionVersions(db, versionIds),
      suggestions.forNotes(
        actor,
        noteable,
        records.filter((r) => r.note.type === 'DiffNote').map((r) => r.note),
      ),
      positions.length > 0 ? diffNotes.excerpts(actor, noteable, positions) : new Map(),
      references.writerFor(actor, noteable.ctx, { blocks: records.map((r) => r.note.note) }),
    ]);
    return {
      actor,
      noteable,
      config,
      awards,
      authors,
      descriptionVersions: new Map(versions.map((v) => [v.id, v])),
      suggestions: suggested,
      excerpts,
      markdown,
    };
  };
}

export type PresentationFor = ReturnType<typeof createNotePresentation>;
