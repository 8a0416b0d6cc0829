import type { Db } from '../../db/client';
import { BadRequestError } from '../../errors';
import { findUsers } from './issues.repo';

/**
 * The users to assign (issues and merge requests), by id. Unknown users cannot be assigned: a
 * clear 400, before anything is written.
 */
export async function assignableUsers(
  db: Db,
  ids: number[],
): Promise<Array<{ id: number; username: string }>> {
  const unique = [...new Set(ids)];
  const found = await findUsers(db, unique);
  const unknown = unique.filter((id) => !found.some((user) => user.id === id));
  if (unknown.length > 0)
    throw new BadRequestError(`assignee_ids contains unknown users: ${unknown.join(', ')}`);
  return found;
}
