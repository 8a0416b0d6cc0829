import type { Subject } from '../../auth/permissions';
import { projectSubject, type ProjectContext } from '../projects/projects.service';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';

/**
 * Whether a ref is protected, and the permission subject of running pipelines (or acting on their
 * jobs) on it: a branch, whose protection lets in those who may push or merge to it (the more
 * permissive level of the two, 0 when neither lets anyone in). Tags are not protected here.
 */
export async function refSubject(
  protectedBranches: Pick<ProtectedBranchesService, 'protectionOf'>,
  ctx: ProjectContext,
  ref: string,
  tag: boolean,
): Promise<{ protected: boolean; subject: Subject }> {
  if (tag) return { protected: false, subject: projectSubject(ctx) };
  const protection = await protectedBranches.protectionOf(ctx.project.id, ref);
  const open = protection
    ? [protection.pushAccessLevel, protection.mergeAccessLevel].filter((level) => level > 0)
    : [];
  return {
    protected: protection !== null,
    subject: {
      ...projectSubject(ctx),
      type: 'branch',
      pushAccessLevel: protection ? (open.length ? Math.min(...open) : 0) : null,
    },
  };
}

/** The permission subject of acting on a job: its ref's protection, and who started it. */
export async function buildSubject(
  protectedBranches: Pick<ProtectedBranchesService, 'protectionOf'>,
  ctx: ProjectContext,
  build: { ref: string; tag: boolean; userId: number | null },
): Promise<Subject> {
  const { subject } = await refSubject(protectedBranches, ctx, build.ref, build.tag);
  return {
    ...projectSubject(ctx),
    type: 'build',
    pushAccessLevel: subject.type === 'branch' ? subject.pushAccessLevel : null,
    userId: build.userId,
  };
}
