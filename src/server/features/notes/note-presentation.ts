import type { Actor } from '../../auth/permissions';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { AwardEmojiService } from '../award-emoji/award-emoji.service';
import type { ProjectsService } from '../projects/projects.service';
import type { SuggestionsService } from '../suggestions/suggestions.service';
import type { Noteable } from './noteables';
import type { NotePresentation } from './notes.presenter';
import { findDescriptionVersions, type NoteRecord } from './notes.repo';

type Deps = {
  db: Db;
  config: Pick<Config, 'externalUrl'>;
  awardEmoji: Pick<AwardEmojiService, 'awardsOn'>;
  suggestions: Pick<SuggestionsService, 'forNotes'>;
  projects: Pick<ProjectsService, 'loadProject'>;
};

/**
 * Loads, in one batch per kind, what a page of notes shows beside its rows: awards, the authors'
 * roles in the project and the description versions system notes point at.
 */
export function createNotePresentation({ db, config, awardEmoji, suggestions, projects }: Deps) {
  /** An author's access level in the project, as the project feature computes it; 0 for non-members. */
  async function accessLevel(userId: number, projectId: number): Promise<number> {
    try {
      const ctx = await projects.loadProject({ id: userId, admin: false, state: 'active' }, projectId);
      return ctx.accessLevel;
    } catch (error) {
      if (error instanceof AppError) return 0;
      throw error;
    }
  }

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
    const [awards, levels, versions, suggested] = await Promise.all([
      noteIds.length > 0 ? awardEmoji.awardsOn('Note', noteIds) : new Map(),
      Promise.all(authorIds.map(async (id) => [id, await accessLevel(id, noteable.ctx.project.id)] as const)),
      findDescriptionVersions(db, versionIds),
      suggestions.forNotes(
        actor,
        noteable,
        records.filter((r) => r.note.type === 'DiffNote').map((r) => r.note),
      ),
    ]);
    return {
      actor,
      noteable,
      config,
      awards,
      accessLevels: new Map(levels),
      descriptionVersions: new Map(versions.map((v) => [v.id, v])),
      suggestions: suggested,
    };
  };
}

export type PresentationFor = ReturnType<typeof createNotePresentation>;
