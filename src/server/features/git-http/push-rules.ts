import { can, type Actor } from '../../auth/permissions';
import { isCreate, isDelete, type RefCommand } from '../../git/receive-pack';
import type { BranchProtection } from '../protected-branches/branch-protection';

/** GitLab's words for refused pushes, so clients show familiar reasons. */
export const PUSH_MESSAGES = {
  onlyBranchesAndTags: 'You can only push branches and tags.',
  invalidBranchName: 'Branch name is invalid.',
  invalidTagName: 'Tag name is invalid.',
  hexBranchName: 'You cannot create a branch with a 40-character hexadecimal branch name.',
  pushCode: 'You are not allowed to push code to this project.',
  pushProtected: 'You are not allowed to push code to protected branches on this project.',
  createProtected: 'You are not allowed to create protected branches on this project.',
  deleteDefault: 'The default branch of a project cannot be deleted.',
  deleteProtected: 'You can only delete protected branches using the web interface.',
  deleteProtectedNonMaintainer:
    'You are not allowed to delete protected branches from this project. Only a project maintainer or owner can delete a protected branch.',
  collateral: 'Not updated: another ref in this push was refused.',
} as const;

/** What the push path knows about one ref before git runs. */
export type RefFacts = {
  command: RefCommand;
  kind: 'branch' | 'tag' | 'other';
  name: string;
  validName: boolean;
  protection: BranchProtection | null;
};

export type ProjectFacts = {
  visibility: 'private' | 'internal' | 'public';
  archived: boolean;
  accessLevel: number;
  defaultBranch: string;
};

/**
 * The verdict on one ref update: refused with a reason, allowed, or allowed as long as it is a
 * fast-forward (a protected branch without force push; git's pre-receive hook checks that once the
 * new objects are there). Pure: the caller gathered the facts.
 */
export type RefVerdict = { ok: false; message: string } | { ok: true; fastForwardOnly: boolean };

export function judgeRef(actor: Actor, project: ProjectFacts, ref: RefFacts): RefVerdict {
  const refuse = (message: string): RefVerdict => ({ ok: false, message });
  const subject = {
    visibility: project.visibility,
    archived: project.archived,
    accessLevel: project.accessLevel,
  };
  if (!can(actor, 'push_code', { type: 'project', ...subject })) return refuse(PUSH_MESSAGES.pushCode);
  if (ref.kind === 'other') return refuse(PUSH_MESSAGES.onlyBranchesAndTags);
  if (ref.kind === 'tag') {
    if (!isDelete(ref.command) && !ref.validName) return refuse(PUSH_MESSAGES.invalidTagName);
    return { ok: true, fastForwardOnly: false };
  }
  if (isDelete(ref.command)) {
    if (ref.name === project.defaultBranch) return refuse(PUSH_MESSAGES.deleteDefault);
    if (ref.protection) {
      const maintainer = can(actor, 'admin_project', { type: 'project', ...subject });
      return refuse(maintainer ? PUSH_MESSAGES.deleteProtected : PUSH_MESSAGES.deleteProtectedNonMaintainer);
    }
    return { ok: true, fastForwardOnly: false };
  }
  if (!ref.validName) return refuse(PUSH_MESSAGES.invalidBranchName);
  if (isCreate(ref.command) && /^[0-9a-f]{40}$/i.test(ref.name)) return refuse(PUSH_MESSAGES.hexBranchName);
  const allowed = can(actor, 'push_to_branch', {
    type: 'branch',
    pushAccessLevel: ref.protection?.pushAccessLevel ?? null,
    ...subject,
  });
  if (!allowed)
    return refuse(isCreate(ref.command) ? PUSH_MESSAGES.createProtected : PUSH_MESSAGES.pushProtected);
  return {
    ok: true,
    fastForwardOnly: ref.protection !== null && !ref.protection.allowForcePush && !isCreate(ref.command),
  };
}
