import type { Subject } from '../../auth/permissions';
import type { ProjectContext } from '../projects/projects.service';
import type { MergeRequestRow } from './merge-requests.repo';

/** What the system notes of a merge request hang on. */
export const noteableOf = (mr: Pick<MergeRequestRow, 'id' | 'projectId'>) => ({
  projectId: mr.projectId,
  noteableType: 'MergeRequest' as const,
  noteableId: mr.id,
});

/** A merge request as `can()` sees it: its author, and the project's visibility and the actor's level. */
export const mergeRequestSubject = (ctx: ProjectContext, authorId: number | null): Subject => ({
  type: 'merge_request',
  authorId,
  visibility: ctx.project.visibility,
  archived: ctx.project.archived,
  accessLevel: ctx.accessLevel,
});
