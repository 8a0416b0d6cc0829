import { can, type Actor } from '../../auth/permissions';
import { projectSubject, type ProjectContext } from '../projects/projects.service';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';
import type { AuthorAccess } from './merge-requests.repo';
import type { CheckedMergeRequest } from './mergeability.service';
import { mergeRequestSubject } from './merge-request-subjects';

export type Protections = Awaited<ReturnType<ProtectedBranchesService['protectionResolver']>>;

/**
 * Merging writes to the target branch: a protected branch's merge level decides, as its push
 * level decides for pushes; unprotected branches take Developers.
 */
export function mayMergeWith(
  actor: Actor,
  ctx: ProjectContext,
  protections: Protections,
  targetBranch: string,
) {
  const protection = protections(targetBranch);
  return can(actor, 'push_to_branch', {
    ...projectSubject(ctx),
    type: 'branch',
    pushAccessLevel: protection ? protection.mergeAccessLevel : null,
  });
}

/** As GitLab: never the default branch nor a protected one, and only by those who may push code. */
function mayRemoveWith(actor: Actor, ctx: ProjectContext, protections: Protections, branch: string) {
  if (branch === ctx.project.defaultBranch || !can(actor, 'push_code', projectSubject(ctx))) return false;
  return protections(branch) === null;
}

/** What the actor may do on a checked request, as its entity and the widget show it. */
export function permissionsOf(
  actor: Actor,
  ctx: ProjectContext,
  view: CheckedMergeRequest,
  protections: Protections,
  authorAccess: AuthorAccess,
) {
  const mr = view.mergeRequest;
  const subject = mergeRequestSubject(ctx, mr.authorId);
  return {
    canUpdate: can(actor, 'update_merge_request', subject),
    canReopen: mr.state === 'closed' && can(actor, 'reopen_merge_request', subject),
    canMerge: mr.state === 'opened' && mayMergeWith(actor, ctx, protections, mr.targetBranch),
    canRemoveSourceBranch: view.sourceBranchExists && mayRemoveWith(actor, ctx, protections, mr.sourceBranch),
    authorCanRemoveSourceBranch:
      view.sourceBranchExists && authorMayRemove(ctx, view, protections, authorAccess),
  };
}

/** The same rule for the request's author, in whose name a merge carries out what the request chose. */
function authorMayRemove(
  ctx: ProjectContext,
  view: CheckedMergeRequest,
  protections: Protections,
  access: AuthorAccess,
): boolean {
  if (!view.author || !access) return false;
  const author = { id: view.author.id, admin: access.admin, state: view.author.state };
  const authorCtx = { ...ctx, accessLevel: access.accessLevel };
  return mayRemoveWith(author, authorCtx, protections, view.mergeRequest.sourceBranch);
}
