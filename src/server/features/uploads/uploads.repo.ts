import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(db: Db, row: Omit<typeof uploads.$inferInsert, 'id'>): Promise<UploadRow> {
  const [inserted] = await db.insert(uploads).values(row).returning();
  if (!inserted) throw new Error('upload was not stored');
  return inserted;
}

export async function findUpload(
  db: Db,
  projectId: number,
  secret: string,
  filename: string,
): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.projectId, projectId), eq(uploads.secret, secret), eq(uploads.filename, filename)));
  return row;
}

export async function deleteUpload(db: Db, id: number): Promise<void> {
  await db.delete(uploads).where(eq(uploads.id, id));
}
