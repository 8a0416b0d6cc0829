import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { awardEmoji, users } from '../../db/schema';
import { anyOf } from '../../db/any-of';

export type AwardRow = typeof awardEmoji.$inferSelect;
export type AwardableType = AwardRow['awardableType'];
export type AwarderRow = Pick<typeof users.$inferSelect, 'id' | 'username' | 'name' | 'state'>;
export type AwardWithUser = { award: AwardRow; user: AwarderRow };

const awarder = { id: users.id, username: users.username, name: users.name, state: users.state };
const withUsers = (db: Db) =>
  db
    .select({ award: awardEmoji, user: awarder })
    .from(awardEmoji)
    .innerJoin(users, eq(users.id, awardEmoji.userId));
const on = (type: AwardableType, id: number) =>
  and(eq(awardEmoji.awardableType, type), eq(awardEmoji.awardableId, id));

/** The awards on one thing, oldest first, with who gave them. */
export async function listAwards(
  db: Db,
  type: AwardableType,
  awardableId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: AwardWithUser[]; total: number }> {
  const where = on(type, awardableId);
  const rows = await withUsers(db)
    .where(where)
    .orderBy(asc(awardEmoji.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(awardEmoji).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Every award on several things at once (the notes of a page), oldest first. */
export async function listAwardsOn(
  db: Db,
  type: AwardableType,
  awardableIds: number[],
): Promise<AwardWithUser[]> {
  if (awardableIds.length === 0) return [];
  return withUsers(db)
    .where(and(eq(awardEmoji.awardableType, type), anyOf(awardEmoji.awardableId, awardableIds)))
    .orderBy(asc(awardEmoji.id));
}

export async function findAward(
  db: Db,
  type: AwardableType,
  awardableId: number,
  awardId: number,
): Promise<AwardWithUser | undefined> {
  const [row] = await withUsers(db).where(and(on(type, awardableId), eq(awardEmoji.id, awardId)));
  return row;
}

export async function findOwnAward(
  db: Db,
  type: AwardableType,
  awardableId: number,
  name: string,
  userId: number,
): Promise<AwardRow | undefined> {
  const [row] = await db
    .select()
    .from(awardEmoji)
    .where(and(on(type, awardableId), eq(awardEmoji.name, name), eq(awardEmoji.userId, userId)));
  return row;
}

/** Null when the user already gave this emoji (the unique index decides, also under races). */
export async function insertAward(
  db: Db,
  row: Pick<AwardRow, 'name' | 'userId' | 'awardableType' | 'awardableId' | 'createdAt' | 'updatedAt'>,
): Promise<AwardRow | null> {
  const [inserted] = await db.insert(awardEmoji).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function deleteAward(db: Db, id: number): Promise<void> {
  await db.delete(awardEmoji).where(eq(awardEmoji.id, id));
}

/** How many of each named emoji several things have (upvotes and downvotes of a list). */
export async function countAwardsByName(
  db: Db,
  type: AwardableType,
  awardableIds: number[],
  names: string[],
): Promise<Array<{ awardableId: number; name: string; n: number }>> {
  if (awardableIds.length === 0) return [];
  return db
    .select({ awardableId: awardEmoji.awardableId, name: awardEmoji.name, n: count() })
    .from(awardEmoji)
    .where(
      and(
        eq(awardEmoji.awardableType, type),
        anyOf(awardEmoji.awardableId, awardableIds),
        anyOf(awardEmoji.name, names),
      ),
    )
    .groupBy(awardEmoji.awardableId, awardEmoji.name);
}
