import { ACCESS_LEVELS, accessLevelName } from '../../../shared/access/accessLevels';
import type { AddMemberBody, UpdateMemberBody } from '../../../shared/api/members';
import { can, type Actor, type Subject } from '../../auth/permissions';
import type { Db } from '../../db/client';
import type { EventBus } from '../../realtime/bus';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { groupSubject, type GroupsService } from '../groups/groups.service';
import type { NamespacesService } from '../namespaces/namespaces.service';
import { projectSubject, type ProjectsService } from '../projects/projects.service';
import {
  countOtherOwners,
  deleteMember,
  findDirectMember,
  findMemberUser,
  inheritedMembership,
  insertMember,
  listDirectMembers,
  listEffectiveMembers,
  updateMemberLevel,
  type MemberRow,
  type MemberSource,
  type MembershipScope,
} from './members.repo';

/** A project or group named by id or full path, as in the URL. */
export type MembersOf = { kind: 'project' | 'group'; ref: string };

type Page = { offset: number; limit: number };

/** What a member operation needs to know about the project or group. */
type Resolved = {
  source: MemberSource;
  subject: Subject;
  /** Where effective memberships come from (`/members/all`). */
  scope: MembershipScope;
  /** Ancestor groups whose memberships a direct one may not undercut. */
  parentGroupIds: number[];
};

type Deps = {
  db: Db;
  bus: EventBus;
  projects: Pick<ProjectsService, 'loadProject' | 'onCreated'>;
  groups: Pick<GroupsService, 'loadGroup' | 'onCreated'>;
  namespaces: Pick<NamespacesService, 'ancestry'>;
};

/**
 * Project and group members. Maintainers manage members; only Owners grant, change or remove the
 * Owner role; a group always keeps an Owner.
 */
export function createMembersService({ db, bus, projects, groups, namespaces }: Deps) {
  // A project's creator owns it in their own namespace and maintains it in a group's.
  projects.onCreated((tx, { project, namespace, creatorId }) =>
    insertMember(
      tx,
      { kind: 'project', id: project.id },
      creatorId,
      namespace.kind === 'user' ? ACCESS_LEVELS.owner : ACCESS_LEVELS.maintainer,
      { ifAbsent: true },
    ),
  );
  // A new group's creator is its first Owner.
  groups.onCreated((tx, { group, creatorId }) =>
    insertMember(tx, { kind: 'group', id: group.id }, creatorId, ACCESS_LEVELS.owner),
  );

  /** Open pages show what each member may do: their widgets answer afresh. */
  const announce = (resolved: Resolved) => bus.publish({ type: 'members.changed', of: resolved.source });

  async function resolve(actor: Actor, of: MembersOf): Promise<Resolved> {
    if (of.kind === 'project') {
      const ctx = await projects.loadProject(actor, of.ref);
      const groupIds = ctx.namespace.kind === 'group' ? await namespaces.ancestry(ctx.namespace.id) : [];
      return {
        source: { kind: 'project', id: ctx.project.id },
        subject: projectSubject(ctx),
        scope: { projectId: ctx.project.id, groupIds },
        parentGroupIds: groupIds,
      };
    }
    const ctx = await groups.loadGroup(actor, of.ref);
    const ancestry = await namespaces.ancestry(ctx.group.id);
    return {
      source: { kind: 'group', id: ctx.group.id },
      subject: groupSubject(ctx),
      scope: { projectId: null, groupIds: ancestry },
      parentGroupIds: ancestry.slice(1),
    };
  }

  function requireManager(actor: Actor, resolved: Resolved, touchesOwner: boolean) {
    const action = resolved.source.kind === 'project' ? 'admin_project_member' : 'admin_group_member';
    if (!can(actor, action, resolved.subject)) throw new ForbiddenError();
    if (touchesOwner && !can(actor, 'manage_owner_members', resolved.subject)) throw new ForbiddenError();
  }

  /** GitLab keeps a direct membership at or above what the user already inherits from a group. */
  async function checkInherited(resolved: Resolved, userId: number, accessLevel: number) {
    const inherited = await inheritedMembership(db, userId, resolved.parentGroupIds);
    if (inherited && inherited.accessLevel > accessLevel)
      throw new BadRequestError(
        `access_level should be greater than or equal to ${accessLevelName(inherited.accessLevel)} inherited membership from group ${inherited.groupFullPath}`,
      );
  }

  async function checkKeepsOwner(resolved: Resolved, member: MemberRow) {
    if (resolved.source.kind !== 'group' || member.accessLevel !== ACCESS_LEVELS.owner) return;
    const others = await countOtherOwners(db, resolved.scope.groupIds, {
      groupId: resolved.source.id,
      userId: member.user.id,
    });
    if (others === 0) throw new ForbiddenError('A group must have at least one owner');
  }

  function rejectExpiry(expiresAt: string | null | undefined) {
    // Memberships here never lapse; accepting a date and ignoring it would grant more than was asked.
    if (expiresAt) throw new BadRequestError('expires_at is not supported: memberships do not expire');
  }

  async function listMembers(
    actor: Actor,
    of: MembersOf,
    options: { all: boolean; query?: string; page: Page },
  ) {
    const resolved = await resolve(actor, of);
    return options.all
      ? listEffectiveMembers(db, resolved.scope, { query: options.query }, options.page)
      : listDirectMembers(db, resolved.source, options.query, options.page);
  }

  async function getMember(actor: Actor, of: MembersOf, userId: number, options: { all: boolean }) {
    const resolved = await resolve(actor, of);
    const member = options.all
      ? (await listEffectiveMembers(db, resolved.scope, { userId }, { offset: 0, limit: 1 })).rows[0]
      : await findDirectMember(db, resolved.source, userId);
    if (!member) throw new NotFoundError('Member');
    return member;
  }

  async function addMember(actor: Actor, of: MembersOf, input: AddMemberBody): Promise<MemberRow> {
    const resolved = await resolve(actor, of);
    requireManager(actor, resolved, input.access_level === ACCESS_LEVELS.owner);
    rejectExpiry(input.expires_at);
    const ref =
      input.user_id !== undefined
        ? { id: input.user_id }
        : input.username !== undefined
          ? { username: input.username }
          : null;
    if (!ref) throw new BadRequestError('user_id is missing');
    const user = await findMemberUser(db, ref);
    if (!user) throw new NotFoundError('User');
    await checkInherited(resolved, user.id, input.access_level);
    await db.transaction(async (tx) => {
      if (await findDirectMember(tx, resolved.source, user.id))
        throw new ConflictError('Member already exists');
      await insertMember(tx, resolved.source, user.id, input.access_level);
    });
    await announce(resolved);
    const member = await findDirectMember(db, resolved.source, user.id);
    if (!member) throw new NotFoundError('Member');
    return member;
  }

  async function updateMember(actor: Actor, of: MembersOf, userId: number, input: UpdateMemberBody) {
    const resolved = await resolve(actor, of);
    rejectExpiry(input.expires_at);
    const member = await findDirectMember(db, resolved.source, userId);
    if (!member) throw new NotFoundError('Member');
    const touchesOwner =
      member.accessLevel === ACCESS_LEVELS.owner || input.access_level === ACCESS_LEVELS.owner;
    requireManager(actor, resolved, touchesOwner && member.accessLevel !== input.access_level);
    if (input.access_level < member.accessLevel) await checkKeepsOwner(resolved, member);
    await checkInherited(resolved, userId, input.access_level);
    await updateMemberLevel(db, resolved.source, userId, input.access_level);
    await announce(resolved);
    return { ...member, accessLevel: input.access_level };
  }

  async function removeMember(actor: Actor, of: MembersOf, userId: number): Promise<void> {
    const resolved = await resolve(actor, of);
    const member = await findDirectMember(db, resolved.source, userId);
    if (!member) throw new NotFoundError('Member');
    requireManager(actor, resolved, member.accessLevel === ACCESS_LEVELS.owner);
    await checkKeepsOwner(resolved, member);
    await deleteMember(db, resolved.source, userId);
    await announce(resolved);
  }

  return { listMembers, getMember, addMember, updateMember, removeMember };
}

export type MembersService = ReturnType<typeof createMembersService>;
