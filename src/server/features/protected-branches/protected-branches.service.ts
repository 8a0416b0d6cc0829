import type { z } from 'zod';
import type {
  protectBranchBodySchema,
  updateProtectedBranchBodySchema,
} from '../../../shared/api/repository';
import type { Db } from '../../db/client';
import type { EventBus } from '../../realtime/bus';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import { isValidBranchName } from '../../git/repository';
import type { ProjectsService } from '../projects/projects.service';
import { protectionFor, type BranchProtection } from './branch-protection';
import {
  countProtectedBranches,
  deleteProtectedBranchRow,
  findProtectedBranchRow,
  insertProtectedBranchRow,
  updateProtectedBranchRow,
  listProtectedBranchRows,
  type ProtectedBranchRow,
} from './protected-branches.repo';

/**
 * Protected branch rules of a project. Permission checks are the caller's (routes ask `can()`);
 * the push path and the branch API ask `protectionResolver` what protects a branch.
 */
type Deps = { db: Db; bus: EventBus; projects: Pick<ProjectsService, 'onCreated'> };

export function createProtectedBranchesService({ db, bus, projects }: Deps) {
  // A new project's default branch starts protected, with the table's default access levels.
  projects.onCreated(async (tx, { project }) => {
    await insertProtectedBranchRow(tx, { projectId: project.id, name: project.defaultBranch });
  });

  /** Who may merge or push changed: open pages (the merge widget) answer afresh. */
  const announce = (projectId: number) => bus.publish({ type: 'project.updated', projectId });

  async function list(projectId: number, page: { offset: number; limit: number }) {
    const [rows, total] = await Promise.all([
      listProtectedBranchRows(db, projectId, page),
      countProtectedBranches(db, projectId),
    ]);
    return { rows, total };
  }

  async function find(projectId: number, name: string): Promise<ProtectedBranchRow> {
    const row = await findProtectedBranchRow(db, projectId, name);
    if (!row) throw new NotFoundError('Protected Branch');
    return row;
  }

  async function protect(
    projectId: number,
    // Other features protect branches too and leave code owner approval off.
    parsed: Omit<z.output<typeof protectBranchBodySchema>, 'code_owner_approval_required'> & {
      code_owner_approval_required?: boolean;
    },
  ): Promise<ProtectedBranchRow> {
    // A wildcard is a branch name with `*` in it: check the name with the stars as plain letters.
    if (!(await isValidBranchName(parsed.name.replaceAll('*', 'x'))))
      throw new BadRequestError('Name is invalid');
    const row = await insertProtectedBranchRow(db, {
      projectId,
      name: parsed.name,
      pushAccessLevel: parsed.push_access_level,
      mergeAccessLevel: parsed.merge_access_level,
      allowForcePush: parsed.allow_force_push,
      codeOwnerApprovalRequired: parsed.code_owner_approval_required === true,
    });
    if (!row) throw new ConflictError(`Protected branch '${parsed.name}' already exists`);
    await announce(projectId);
    return row;
  }

  async function update(
    projectId: number,
    name: string,
    parsed: z.output<typeof updateProtectedBranchBodySchema>,
  ): Promise<ProtectedBranchRow> {
    const values = {
      allowForcePush: parsed.allow_force_push,
      codeOwnerApprovalRequired: parsed.code_owner_approval_required,
    };
    const changes = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
    const row =
      Object.keys(changes).length > 0
        ? await updateProtectedBranchRow(db, projectId, name, changes)
        : await findProtectedBranchRow(db, projectId, name);
    if (!row) throw new NotFoundError('Protected Branch');
    await announce(projectId);
    return row;
  }

  async function unprotect(projectId: number, name: string): Promise<void> {
    if (!(await deleteProtectedBranchRow(db, projectId, name))) throw new NotFoundError('Protected Branch');
    await announce(projectId);
  }

  /** Loads a project's rules once and answers for any number of branches (a page of branches, a push). */
  async function protectionResolver(projectId: number): Promise<(branch: string) => BranchProtection | null> {
    const rules = await listProtectedBranchRows(db, projectId);
    return (branch) => protectionFor(rules, branch);
  }

  async function protectionOf(projectId: number, branch: string): Promise<BranchProtection | null> {
    return (await protectionResolver(projectId))(branch);
  }

  return { list, find, protect, update, unprotect, protectionResolver, protectionOf };
}

export type ProtectedBranchesService = ReturnType<typeof createProtectedBranchesService>;
