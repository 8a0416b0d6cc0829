import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** An issue or merge request named the way people name it: its project and its iid there. */
export type IidKey = { projectId: number; iid: number };

/**
 * `(project_id, iid) in (unnest($1, $2))`: many keys in one condition, as two array parameters so
 * the statement's text is the same for any number of keys (see `anyOf`).
 */
export function iidKeysIn(projectId: AnyColumn | SQL, iid: AnyColumn | SQL, keys: readonly IidKey[]): SQL {
  const projectIds = sql.param(keys.map((key) => key.projectId));
  const iids = sql.param(keys.map((key) => key.iid));
  return sql`(${projectId}, ${iid}) in (select * from unnest(${projectIds}::integer[], ${iids}::integer[]))`;
}
