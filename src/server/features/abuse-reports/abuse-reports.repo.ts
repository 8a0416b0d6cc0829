import { count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { abuseReports, users } from '../../db/schema';

export type AbuseReportRow = typeof abuseReports.$inferSelect;
export type ReportPerson = { id: number; username: string; name: string; state: string };
export type AbuseReportRecord = { report: AbuseReportRow; user: ReportPerson; reporter: ReportPerson | null };

const reporters = alias(users, 'reporters');

export async function insertAbuseReport(
  db: Db,
  row: Omit<typeof abuseReports.$inferInsert, 'id'>,
): Promise<AbuseReportRow> {
  const [inserted] = await db.insert(abuseReports).values(row).returning();
  if (!inserted) throw new Error('abuse report was not stored');
  return inserted;
}

/** Newest first, with the reported user and who reported them. */
export async function listAbuseReports(
  db: Db,
  filter: { status?: AbuseReportRow['status'] },
  page: { offset: number; limit: number },
): Promise<{ rows: AbuseReportRecord[]; total: number }> {
  const where = filter.status ? eq(abuseReports.status, filter.status) : undefined;
  const rows = await db
    .select({
      report: abuseReports,
      user: { id: users.id, username: users.username, name: users.name, state: users.state },
      reporter: {
        id: reporters.id,
        username: reporters.username,
        name: reporters.name,
        state: reporters.state,
      },
    })
    .from(abuseReports)
    .innerJoin(users, eq(users.id, abuseReports.userId))
    .leftJoin(reporters, eq(reporters.id, abuseReports.reporterId))
    .where(where)
    .orderBy(desc(abuseReports.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(abuseReports).where(where);
  return { rows, total: total?.n ?? 0 };
}
