import { and, asc, count, desc, eq, gt, isNull, min, sql, type SQL } from 'drizzle-orm';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { queryRows, type Db } from '../../db/client';
import type { Person } from '../../db/people';
import {
  descriptionVersions,
  draftNotes,
  groupMembers,
  mergeRequests,
  namespaces,
  notes,
  projectMembers,
  type projects,
  users,
} from '../../db/schema';
import { anyOf } from '../../db/any-of';

export type NoteRow = typeof notes.$inferSelect;
export type NewNote = typeof notes.$inferInsert;
export type DraftNoteRow = typeof draftNotes.$inferSelect;
export type DescriptionVersionRow = typeof descriptionVersions.$inferSelect;
export type { Person };

/** A note with the people its presentation names. */
export type NoteRecord = {
  note: NoteRow;
  author: Person | null;
  lastEditedBy: Person | null;
  resolvedBy: Person | null;
};

export type NoteableKey = { noteableType: 'Issue' | 'MergeRequest'; noteableId: number };

/** Which notes a reader gets: internal ones only with `read_internal_note`; 1 comments, 2 history. */
export type NoteScope = NoteableKey & { includeInternal: boolean; system?: boolean };

/**
 * The people a page of notes names (authors, editors, resolvers), read in one small query after
 * the notes: joining users three times into every note row made the page's largest read twice as
 * slow (docs/performance.md).
 */
async function withPeople(db: Db, rows: NoteRow[]): Promise<NoteRecord[]> {
  const ids = new Set<number>();
  for (const row of rows)
    for (const id of [row.authorId, row.lastEditedById, row.resolvedById]) if (id !== null) ids.add(id);
  const people =
    ids.size === 0
      ? []
      : await db
          .select({ id: users.id, username: users.username, name: users.name, state: users.state })
          .from(users)
          .where(anyOf(users.id, [...ids]));
  const byId = new Map<number, Person>(people.map((person) => [person.id, person]));
  const person = (id: number | null) => (id === null ? null : (byId.get(id) ?? null));
  return rows.map((note) => ({
    note,
    author: person(note.authorId),
    lastEditedBy: person(note.lastEditedById),
    resolvedBy: person(note.resolvedById),
  }));
}

const ofNoteable = (key: NoteableKey): SQL =>
  and(eq(notes.noteableType, key.noteableType), eq(notes.noteableId, key.noteableId)) as SQL;

function scopeSql(scope: NoteScope): SQL {
  const parts: SQL[] = [ofNoteable(scope)];
  if (!scope.includeInternal) parts.push(eq(notes.internal, false));
  if (scope.system !== undefined) parts.push(eq(notes.system, scope.system));
  return and(...parts) as SQL;
}

export async function insertNote(db: Db, values: NewNote): Promise<NoteRow> {
  const [row] = await db.insert(notes).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** Writes a change; with `expectedText`, only while the note still says exactly that (compare-and-swap). */
export async function updateNoteRow(
  db: Db,
  id: number,
  values: Partial<NewNote>,
  expectedText?: string,
): Promise<NoteRow | undefined> {
  const matches =
    expectedText === undefined ? eq(notes.id, id) : and(eq(notes.id, id), eq(notes.note, expectedText));
  const [row] = await db.update(notes).set(values).where(matches).returning();
  return row;
}

export async function deleteNoteRow(db: Db, id: number): Promise<void> {
  await db.delete(notes).where(eq(notes.id, id));
}

export async function findNoteRecord(db: Db, id: number): Promise<NoteRecord | undefined> {
  const [record] = await withPeople(db, await db.select().from(notes).where(eq(notes.id, id)));
  return record;
}

/** The notes of some discussions, oldest first. */
export async function listNotesOfDiscussions(
  db: Db,
  scope: NoteScope,
  discussionIds: string[],
): Promise<NoteRecord[]> {
  if (discussionIds.length === 0) return [];
  const rows = await db
    .select()
    .from(notes)
    .where(and(scopeSql(scope), anyOf(notes.discussionId, discussionIds)))
    .orderBy(asc(notes.id));
  return withPeople(db, rows);
}

/**
 * One page of discussions, ordered by their first note: the ids of those whose first visible
 * note comes after `afterNoteId` (the cursor), `limit` of them.
 */
export async function listDiscussionIds(
  db: Db,
  scope: NoteScope,
  page: { afterNoteId: number; limit: number } | { offset: number; limit: number },
  order: 'asc' | 'desc' = 'asc',
): Promise<Array<{ discussionId: string; firstNoteId: number }>> {
  const first = min(notes.id);
  const query = db
    .select({ discussionId: notes.discussionId, firstNoteId: first })
    .from(notes)
    .where(scopeSql(scope))
    .groupBy(notes.discussionId)
    .orderBy(order === 'asc' ? asc(first) : desc(first))
    .limit(page.limit);
  const rows =
    'afterNoteId' in page ? await query.having(gt(first, page.afterNoteId)) : await query.offset(page.offset);
  return rows.map((row) => ({ discussionId: row.discussionId, firstNoteId: row.firstNoteId ?? 0 }));
}

export async function countDiscussions(db: Db, scope: NoteScope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${notes.discussionId})::int` })
    .from(notes)
    .where(scopeSql(scope));
  return row?.n ?? 0;
}

/** Notes created or edited after a moment (the `X-Last-Fetched-At` poll). */
export async function listNotesChangedSince(db: Db, scope: NoteScope, since: Date): Promise<NoteRecord[]> {
  const rows = await db
    .select()
    .from(notes)
    .where(and(scopeSql(scope), gt(notes.updatedAt, since)))
    .orderBy(asc(notes.id));
  return withPeople(db, rows);
}

/** The ids of every note a reader sees, so a poll can tell the client which ones were deleted. */
export async function listNoteIds(db: Db, scope: NoteScope): Promise<number[]> {
  const rows = await db.select({ id: notes.id }).from(notes).where(scopeSql(scope)).orderBy(asc(notes.id));
  return rows.map((row) => row.id);
}

export async function countNotes(db: Db, scope: NoteScope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notes).where(scopeSql(scope));
  return row?.n ?? 0;
}

/** REST v4's note list: `order_by` created_at or updated_at, `sort` asc or desc. */
export async function listNotesPage(
  db: Db,
  scope: NoteScope,
  order: { orderBy: 'created_at' | 'updated_at'; sort: 'asc' | 'desc' },
  page: { offset: number; limit: number },
): Promise<NoteRecord[]> {
  const column = order.orderBy === 'updated_at' ? notes.updatedAt : notes.createdAt;
  const direction = order.sort === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(notes)
    .where(scopeSql(scope))
    .orderBy(direction(column), direction(notes.id))
    .limit(page.limit)
    .offset(page.offset);
  return withPeople(db, rows);
}

/** Every note of a noteable's discussion, visible or not (decisions about the thread need them all). */
export async function listDiscussionNotes(
  db: Db,
  key: NoteableKey,
  discussionId: string,
): Promise<NoteRow[]> {
  return db
    .select()
    .from(notes)
    .where(and(ofNoteable(key), eq(notes.discussionId, discussionId)))
    .orderBy(asc(notes.id));
}

/** A reply turns an individual note into a thread: its notes become `DiscussionNote`s. */
export async function makeDiscussion(
  db: Db,
  discussionId: string,
  resolvable: boolean,
  at: Date,
): Promise<void> {
  await db
    .update(notes)
    .set({ type: 'DiscussionNote', resolvable, updatedAt: at })
    .where(and(eq(notes.discussionId, discussionId), isNull(notes.type), eq(notes.system, false)));
}

/** Resolves (or with `by` null, unresolves) notes; only resolvable ones change. Returns those changed. */
export async function setNotesResolved(
  db: Db,
  ids: number[],
  resolution: { by: number | null; at: Date; byPush: boolean },
): Promise<NoteRow[]> {
  if (ids.length === 0) return [];
  const resolving = resolution.by !== null || resolution.byPush;
  return db
    .update(notes)
    .set({
      resolvedAt: resolving ? resolution.at : null,
      resolvedById: resolution.by,
      resolvedByPush: resolution.byPush,
      updatedAt: resolution.at,
    })
    .where(
      and(
        anyOf(notes.id, ids),
        eq(notes.resolvable, true),
        resolving ? isNull(notes.resolvedAt) : sql`${notes.resolvedAt} is not null`,
      ),
    )
    .returning();
}

/** The threads a reader sees with a resolvable note still unresolved, in the order they started. */
export async function listUnresolvedDiscussionIds(db: Db, scope: NoteScope): Promise<string[]> {
  const rows = await db
    .select({ discussionId: notes.discussionId })
    .from(notes)
    .where(and(scopeSql(scope), eq(notes.resolvable, true), isNull(notes.resolvedAt)))
    .groupBy(notes.discussionId)
    .orderBy(asc(min(notes.id)));
  return rows.map((row) => row.discussionId);
}

/**
 * GitLab's `user_notes_count` for a page of noteables, one grouped query: comments, not system
 * notes, internal ones only when the reader may read them.
 */
export async function countUserNotes(
  db: Db,
  noteableType: NoteableKey['noteableType'],
  noteableIds: number[],
  includeInternal: boolean,
): Promise<Map<number, number>> {
  if (noteableIds.length === 0) return new Map();
  const rows = await db
    .select({ id: notes.noteableId, n: count() })
    .from(notes)
    .where(
      and(
        eq(notes.noteableType, noteableType),
        anyOf(notes.noteableId, noteableIds),
        eq(notes.system, false),
        includeInternal ? undefined : eq(notes.internal, false),
      ),
    )
    .groupBy(notes.noteableId);
  return new Map(rows.map((row) => [row.id, row.n]));
}

/** Threads of a noteable with a resolvable note still unresolved (what blocks a merge). */
export async function countUnresolvedDiscussions(
  db: Db,
  noteableType: 'Issue' | 'MergeRequest',
  noteableId: number,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${notes.discussionId})::int` })
    .from(notes)
    .where(
      and(
        eq(notes.noteableType, noteableType),
        eq(notes.noteableId, noteableId),
        eq(notes.resolvable, true),
        isNull(notes.resolvedAt),
      ),
    );
  return row?.count ?? 0;
}

/** Diff notes of a merge request (their positions move or go outdated after a push). */
export async function listDiffNotes(db: Db, mergeRequestId: number): Promise<NoteRow[]> {
  return db
    .select()
    .from(notes)
    .where(
      and(
        ofNoteable({ noteableType: 'MergeRequest', noteableId: mergeRequestId }),
        eq(notes.type, 'DiffNote'),
      ),
    )
    .orderBy(asc(notes.id));
}

export async function insertDescriptionVersion(
  db: Db,
  values: typeof descriptionVersions.$inferInsert,
): Promise<DescriptionVersionRow> {
  const [row] = await db.insert(descriptionVersions).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** Every version of a noteable's description, oldest first. */
export async function listDescriptionVersions(
  db: Db,
  noteableType: 'Issue' | 'MergeRequest',
  noteableId: number,
): Promise<DescriptionVersionRow[]> {
  return db
    .select()
    .from(descriptionVersions)
    .where(
      and(eq(descriptionVersions.noteableType, noteableType), eq(descriptionVersions.noteableId, noteableId)),
    )
    .orderBy(asc(descriptionVersions.id));
}

export async function softDeleteDescriptionVersions(db: Db, ids: number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(descriptionVersions).set({ deletedAt: at }).where(anyOf(descriptionVersions.id, ids));
}

/** Description versions the system notes of a page point at, by id. */
export async function findDescriptionVersions(db: Db, ids: number[]): Promise<DescriptionVersionRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(descriptionVersions).where(anyOf(descriptionVersions.id, ids));
}

/** What a note header says about its author in the project: role and contribution. */
export type AuthorFacts = { accessLevel: number; mergedContribution: boolean };

/** The project a page's notes belong to, as the facts about its authors need it. */
export type AuthorsProject = {
  project: Pick<typeof projects.$inferSelect, 'id' | 'defaultBranch'>;
  namespace: { id: number; kind: 'user' | 'group'; ownerId: number | null };
};

/**
 * Every author of a page at once (one query, however many authors): their access level in the
 * project as the projects feature computes it (direct membership, membership of the project's
 * groups and their ancestors, the owner of a personal namespace) and whether a merge request of
 * theirs was merged into the default branch (GitLab's `ProjectTeam#contributor?`).
 */
export async function findAuthorFacts(
  db: Db,
  { project, namespace }: AuthorsProject,
  authorIds: number[],
): Promise<Map<number, AuthorFacts>> {
  if (authorIds.length === 0) return new Map();
  const inGroup = namespace.kind === 'group';
  const rows = await queryRows<{ user_id: number; level: number; merged: boolean }>(
    db,
    sql`
    with recursive chain(id, parent_id) as (
      select id, parent_id from ${namespaces} where id = ${namespace.id}
      union all
      select n.id, n.parent_id from ${namespaces} n join chain c on n.id = c.parent_id
    )
    select u.id as user_id,
      greatest(
        coalesce((select max(pm.access_level) from ${projectMembers} pm
                  where pm.project_id = ${project.id} and pm.user_id = u.id), 0),
        coalesce((select max(gm.access_level) from ${groupMembers} gm
                  where ${inGroup} and gm.user_id = u.id and gm.group_id in (select id from chain)), 0),
        case when ${!inGroup} and u.id = ${namespace.ownerId ?? 0} then ${ACCESS_LEVELS.owner} else 0 end
      ) as level,
      exists(select 1 from ${mergeRequests} mr
             where mr.project_id = ${project.id} and mr.author_id = u.id and mr.state = 'merged'
               and mr.target_branch = ${project.defaultBranch}) as merged
    from (select unnest(${sql.param(authorIds)}::int[]) as id) u`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.user_id),
      { accessLevel: Number(row.level), mergedContribution: row.merged === true },
    ]),
  );
}

// Draft notes: the author's pending review comments on a merge request.

export async function insertDraftNote(db: Db, values: typeof draftNotes.$inferInsert): Promise<DraftNoteRow> {
  const [row] = await db.insert(draftNotes).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function listDraftNotes(
  db: Db,
  mergeRequestId: number,
  authorId: number,
): Promise<DraftNoteRow[]> {
  return db
    .select()
    .from(draftNotes)
    .where(and(eq(draftNotes.mergeRequestId, mergeRequestId), eq(draftNotes.authorId, authorId)))
    .orderBy(asc(draftNotes.id));
}

export async function findDraftNote(
  db: Db,
  mergeRequestId: number,
  authorId: number,
  id: number,
): Promise<DraftNoteRow | undefined> {
  const [row] = await db
    .select()
    .from(draftNotes)
    .where(
      and(
        eq(draftNotes.id, id),
        eq(draftNotes.mergeRequestId, mergeRequestId),
        eq(draftNotes.authorId, authorId),
      ),
    );
  return row;
}

export async function updateDraftNoteRow(
  db: Db,
  id: number,
  values: Partial<typeof draftNotes.$inferInsert>,
): Promise<DraftNoteRow | undefined> {
  const [row] = await db.update(draftNotes).set(values).where(eq(draftNotes.id, id)).returning();
  return row;
}

/** Deletes drafts by id (publish, delete) and returns those that were still there. */
export async function deleteDraftNotes(db: Db, ids: number[]): Promise<DraftNoteRow[]> {
  if (ids.length === 0) return [];
  return db.delete(draftNotes).where(anyOf(draftNotes.id, ids)).returning();
}
