import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { anyOf } from '../../db/any-of';
import { groupMembers, namespaces, projectMembers, users } from '../../db/schema';

/** One membership of an active user: the project's own (`groupPath` null) or one of its groups'. */
export type OwnerMembership = {
  userId: number;
  username: string;
  name: string;
  email: string;
  groupPath: string | null;
  accessLevel: number;
};

type RawMembership = {
  user_id: number | string;
  username: string;
  name: string;
  email: string;
  group_path: string | null;
  access_level: number | string;
};

/**
 * Every membership a CODEOWNERS owner can resolve to, in one statement: the project's direct
 * members and the direct members of its group and that group's ancestors (`groupIds`). Blocked
 * users are left out: they can approve nothing.
 */
export async function listOwnerMemberships(
  db: Db,
  projectId: number,
  groupIds: readonly number[],
): Promise<OwnerMembership[]> {
  const rows = await queryRows<RawMembership>(
    db,
    sql`select m.user_id, ${users.username} as username, ${users.name} as name, ${users.email} as email,
        m.group_path, m.access_level
      from (
        select user_id, null::text as group_path, access_level from ${projectMembers}
          where project_id = ${projectId}
        union all
        select gm.user_id, ns.full_path as group_path, gm.access_level
          from ${groupMembers} gm join ${namespaces} ns on ns.id = gm.group_id
          where ${anyOf(sql`gm.group_id`, groupIds)}
      ) m join ${users} on ${users.id} = m.user_id
      where ${users.state} = 'active'`,
  );
  return rows.map((row) => ({
    userId: Number(row.user_id),
    username: row.username,
    name: row.name,
    email: row.email,
    groupPath: row.group_path,
    accessLevel: Number(row.access_level),
  }));
}
