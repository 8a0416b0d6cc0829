import { ACCESS_LEVELS, type Visibility } from '../../shared/access/accessLevels';
import { assertNever } from '../../shared/lib/assertNever';

/** Who is asking. `null` is an anonymous visitor. */
export type Actor = { id: number; admin: boolean; state: 'active' | 'blocked' } | null;

type ProjectFacts = {
  visibility: Visibility;
  archived: boolean;
  /** The actor's effective access level (project membership or inherited from groups); 0 when none. */
  accessLevel: number;
};

export type Subject =
  | { type: 'instance' }
  | { type: 'user'; id: number }
  | { type: 'group'; visibility: Visibility; accessLevel: number }
  | ({ type: 'project' } & ProjectFacts)
  | ({ type: 'branch'; pushAccessLevel: number | null } & ProjectFacts)
  | ({ type: 'merge_request'; authorId: number | null } & ProjectFacts);

export type Action =
  | 'admin_instance'
  | 'create_user'
  | 'manage_access_tokens'
  | 'create_group'
  | 'read_group'
  | 'create_project_in_group'
  | 'admin_group'
  | 'create_subgroup'
  | 'admin_group_member'
  | 'admin_project_member'
  | 'manage_owner_members'
  | 'read_project'
  | 'read_code'
  | 'push_code'
  | 'admin_project'
  | 'remove_project'
  | 'create_merge_request'
  | 'push_to_branch'
  | 'read_merge_request'
  | 'update_merge_request'
  | 'reopen_merge_request';

const { reporter, developer, maintainer, owner } = ACCESS_LEVELS;

function canSee(actor: Actor, visibility: Visibility, accessLevel: number, minimumMember = 1): boolean {
  if (actor?.admin) return true;
  switch (visibility) {
    case 'public':
      return true;
    case 'internal':
      return actor !== null;
    case 'private':
      return accessLevel >= minimumMember;
    default:
      return assertNever(visibility);
  }
}

const levelOf = (actor: Actor, level: number): number => (actor?.admin ? owner : level);

/**
 * The one place that decides who may do what. Pure: callers load the facts (visibility, the
 * actor's access level) and ask. Blocked users may do nothing.
 */
export function can(actor: Actor, action: Action, subject: Subject): boolean {
  if (actor?.state === 'blocked') return false;
  switch (subject.type) {
    case 'instance':
      if (action === 'admin_instance') return actor?.admin === true;
      if (action === 'create_group') return actor !== null;
      if (action === 'create_user') return actor?.admin === true;
      return false;
    case 'user':
      // A user's own tokens are theirs to list, create and revoke; administrators manage anyone's.
      if (action === 'manage_access_tokens')
        return actor !== null && (actor.admin || actor.id === subject.id);
      return false;
    case 'group': {
      const level = levelOf(actor, subject.accessLevel);
      if (action === 'read_group') return canSee(actor, subject.visibility, level);
      if (action === 'create_project_in_group') return actor !== null && level >= maintainer;
      if (action === 'admin_group') return actor !== null && level >= owner;
      if (action === 'create_subgroup' || action === 'admin_group_member')
        return actor !== null && level >= maintainer;
      if (action === 'manage_owner_members') return actor !== null && level >= owner;
      return false;
    }
    case 'project':
    case 'branch':
    case 'merge_request':
      return canOnProject(actor, action, subject);
    default:
      return assertNever(subject);
  }
}

function canOnProject(
  actor: Actor,
  action: Action,
  subject: Exclude<Subject, { type: 'instance' | 'group' | 'user' }>,
): boolean {
  const level = levelOf(actor, subject.accessLevel);
  const writable = !subject.archived;
  switch (action) {
    case 'read_project':
      return canSee(actor, subject.visibility, level);
    case 'read_code':
    case 'read_merge_request':
      return canSee(actor, subject.visibility, level, reporter);
    case 'push_code':
    case 'create_merge_request':
      return actor !== null && writable && level >= developer;
    case 'push_to_branch':
      if (actor === null || !writable || subject.type !== 'branch') return false;
      // A protected branch names its own minimum level; 0 means "No one".
      if (subject.pushAccessLevel === null) return level >= developer;
      return subject.pushAccessLevel > 0 && level >= subject.pushAccessLevel;
    case 'update_merge_request':
    case 'reopen_merge_request': {
      if (actor === null || !writable || subject.type !== 'merge_request') return false;
      return (
        level >= developer ||
        (subject.authorId === actor.id && canSee(actor, subject.visibility, level, reporter))
      );
    }
    case 'admin_project':
      return actor !== null && level >= maintainer;
    case 'remove_project':
    case 'manage_owner_members':
      return actor !== null && level >= owner;
    case 'admin_project_member':
      return actor !== null && level >= maintainer;
    default:
      return false;
  }
}
