import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** An issue or merge request named the way people name it: its project and its iid there. */
export type IidKey = { projectId: number; iid: number };

/** `(project_id, iid) in ((1, 2), (1, 5))`: many keys in one condition (an index lookup each). */
export function iidKeysIn(projectId: AnyColumn, iid: AnyColumn, keys: readonly IidKey[]): SQL {
  const pairs = sql.join(
    keys.map((key) => sql`(${key.projectId}::integer, ${key.iid}::integer)`),
    sql`, `,
  );
  return sql`(${projectId}, ${iid}) in (${pairs})`;
}
