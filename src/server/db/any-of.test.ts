import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/support/test-database';
import { anyOf } from './any-of';
import { queryRows, type Database } from './client';
import { iidKeysIn } from './iid-keys';
import { users } from './schema';

describe('lists as one array parameter', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const textOf = (condition: ReturnType<typeof anyOf>) =>
    database.db.select({ id: users.id }).from(users).where(condition).toSQL();
  const words = ['plain', "o'brien", 'a,b', '{braced}', 'say "hi"', ''];
  const listed = (values: readonly string[]) =>
    queryRows<{ word: string }>(
      database.db,
      sql`select word from unnest(${sql.param(words)}::text[]) word where ${anyOf(sql`word`, values)}`,
    ).then((rows) => rows.map((row) => row.word));

  it('sends one statement text for a list of any length, the list as its one parameter', () => {
    const one = textOf(anyOf(users.id, [1]));
    const three = textOf(anyOf(users.id, [1, 2, 3]));
    expect(three.sql).toBe(one.sql);
    expect(three.params).toEqual([[1, 2, 3]]);
  });

  it('finds the listed values, quotes, commas, braces and the empty string included', async () => {
    expect((await listed(["o'brien", 'a,b', '{braced}', 'say "hi"', ''])).sort()).toEqual(
      ["o'brien", 'a,b', '{braced}', 'say "hi"', ''].sort(),
    );
    expect(await listed(['plain', 'not a word'])).toEqual(['plain']);
  });

  it('matches nothing for an empty list', async () => {
    expect(await listed([])).toEqual([]);
  });

  it('names many (project, iid) keys in one text, finding only those pairs', async () => {
    const keysText = (count: number) =>
      textOf(
        iidKeysIn(
          sql`1`,
          sql`2`,
          Array.from({ length: count }, (_, n) => ({ projectId: 1, iid: n })),
        ),
      ).sql;
    expect(keysText(5)).toBe(keysText(1));
    const rows = await queryRows<{ p: number; i: number }>(
      database.db,
      sql`select p, i from (values (1, 2), (1, 5), (2, 2)) k(p, i)
          where ${iidKeysIn(sql`p`, sql`i`, [
            { projectId: 1, iid: 5 },
            { projectId: 2, iid: 2 },
          ])} order by p, i`,
    );
    expect(rows.map((row) => [Number(row.p), Number(row.i)])).toEqual([
      [1, 5],
      [2, 2],
    ]);
  });
});
