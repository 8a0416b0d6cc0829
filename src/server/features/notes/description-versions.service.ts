import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../errors';
import { descriptionDiffHtml } from './description-diff';
import type { Noteable } from './noteables';
import { listDescriptionVersions, softDeleteDescriptionVersions } from './notes.repo';

type Deps = { db: Db; clock: Clock };

/**
 * "Compare with previous version" of a description change note: the diff of a version with the
 * one before it (or before `start_version_id`, when several changes were folded into one note),
 * and the soft delete that leaves "Deleted" in its place.
 */
export function createDescriptionVersionsService({ db, clock }: Deps) {
  async function range(noteable: Noteable, versionId: number, startVersionId?: number) {
    const versions = await listDescriptionVersions(db, noteable.noteableType, noteable.noteableId);
    const index = versions.findIndex((v) => v.id === versionId);
    const start = startVersionId === undefined ? index : versions.findIndex((v) => v.id === startVersionId);
    const version = versions[index];
    if (!version || start < 0 || start > index) throw new NotFoundError('Description Version');
    return { version, previous: versions[start - 1] ?? null, covered: versions.slice(start, index + 1) };
  }

  /** The diff as GitLab renders it (HTML spans); a deleted version answers 404. */
  async function diff(noteable: Noteable, versionId: number, startVersionId?: number): Promise<string> {
    const { version, previous } = await range(noteable, versionId, startVersionId);
    if (version.deletedAt) throw new NotFoundError('Description Version');
    return descriptionDiffHtml(previous?.description ?? '', version.description);
  }

  /** Soft delete: who may edit the issue or merge request may hide its old descriptions. */
  async function remove(noteable: Noteable, versionId: number, startVersionId?: number): Promise<void> {
    if (!noteable.canUpdate) throw new ForbiddenError();
    const { covered } = await range(noteable, versionId, startVersionId);
    await softDeleteDescriptionVersions(
      db,
      covered.map((v) => v.id),
      clock.now(),
    );
  }

  return { diff, remove };
}

export type DescriptionVersionsService = ReturnType<typeof createDescriptionVersionsService>;
