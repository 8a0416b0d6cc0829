import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { CodeOwnerRole, OwnerReferences } from '../../../shared/code-owners';
import type { OwnerMembership } from './code-owners.repo';

export type CodeOwnerUser = { id: number; username: string; name: string };

const ROLE_LEVELS: Record<CodeOwnerRole, number> = {
  developer: ACCESS_LEVELS.developer,
  maintainer: ACCESS_LEVELS.maintainer,
  owner: ACCESS_LEVELS.owner,
};

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/**
 * Resolves the owners a CODEOWNERS line names to the users who may approve, as GitLab's code
 * owner eligibility reads them:
 * - `@name` and e-mail addresses (the user's primary address, any case) name a member of the
 *   project, directly or through its groups;
 * - `@group` and `@group/subgroup` name the direct members of the project's group or one of its
 *   ancestors (GitLab counts no inherited members there, and no other group);
 * - `@@developer`, `@@maintainer`, `@@owner` name the project's direct members with exactly that
 *   role.
 * Everyone resolved must be able to approve: at least Developer in the project. A name nobody
 * answers to resolves to no one; a rule left with no one is invalid, never an error.
 */
export function createOwnerDirectory(memberships: readonly OwnerMembership[]) {
  const levels = new Map<number, number>();
  const people = new Map<number, CodeOwnerUser & { email: string }>();
  for (const m of memberships) {
    levels.set(m.userId, Math.max(levels.get(m.userId) ?? 0, m.accessLevel));
    people.set(m.userId, { id: m.userId, username: m.username, name: m.name, email: m.email });
  }
  const canApprove = (userId: number) => (levels.get(userId) ?? 0) >= ACCESS_LEVELS.developer;

  const byName = new Map<string, number>();
  const byEmail = new Map<string, number>();
  for (const person of people.values()) {
    if (!canApprove(person.id)) continue;
    byName.set(person.username.toLowerCase(), person.id);
    byEmail.set(person.email.toLowerCase(), person.id);
  }
  const byGroup = new Map<string, number[]>();
  const byRole = new Map<number, number[]>();
  for (const m of memberships) {
    if (!canApprove(m.userId)) continue;
    if (m.groupPath === null) push(byRole, m.accessLevel, m.userId);
    else push(byGroup, m.groupPath.toLowerCase(), m.userId);
  }

  /** The users an entry's owners resolve to, each once, in the order the line names them. */
  function approverIds(owners: OwnerReferences): number[] {
    const ids = new Set<number>();
    for (const name of owners.names) {
      const key = name.toLowerCase();
      const user = byName.get(key);
      if (user !== undefined) ids.add(user);
      for (const member of byGroup.get(key) ?? []) ids.add(member);
    }
    for (const email of owners.emails) {
      const user = byEmail.get(email.toLowerCase());
      if (user !== undefined) ids.add(user);
    }
    for (const role of owners.roles)
      for (const member of byRole.get(ROLE_LEVELS[role]) ?? []) ids.add(member);
    return [...ids];
  }

  const user = (id: number): CodeOwnerUser => {
    const { email: _, ...shown } = people.get(id)!;
    return shown;
  };

  return { approverIds, user };
}

export type OwnerDirectory = ReturnType<typeof createOwnerDirectory>;
