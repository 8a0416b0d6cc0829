import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { issueMetricImages, uploads } from '../../db/schema';

export type MetricImageRow = typeof issueMetricImages.$inferSelect;
export type MetricImageRecord = { image: MetricImageRow; upload: typeof uploads.$inferSelect };

const recordQuery = (db: Db) =>
  db
    .select({ image: issueMetricImages, upload: uploads })
    .from(issueMetricImages)
    .innerJoin(uploads, eq(uploads.id, issueMetricImages.uploadId));

/** An incident's metric images, oldest first, as GitLab lists them. */
export async function listMetricImages(db: Db, issueId: number): Promise<MetricImageRecord[]> {
  return recordQuery(db).where(eq(issueMetricImages.issueId, issueId)).orderBy(asc(issueMetricImages.id));
}

export async function findMetricImage(
  db: Db,
  issueId: number,
  id: number,
): Promise<MetricImageRecord | undefined> {
  const [row] = await recordQuery(db).where(
    and(eq(issueMetricImages.issueId, issueId), eq(issueMetricImages.id, id)),
  );
  return row;
}

export async function insertMetricImage(
  db: Db,
  values: Omit<typeof issueMetricImages.$inferInsert, 'id'>,
): Promise<MetricImageRow> {
  const [row] = await db.insert(issueMetricImages).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function updateMetricImage(
  db: Db,
  id: number,
  values: Pick<Partial<MetricImageRow>, 'url' | 'urlText'>,
): Promise<void> {
  await db.update(issueMetricImages).set(values).where(eq(issueMetricImages.id, id));
}
