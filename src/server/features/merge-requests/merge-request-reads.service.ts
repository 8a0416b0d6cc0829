import type { LabelsService } from '../labels/labels.service';
import { labelFilterOfQuery } from '../../../shared/api/labels';
import type { ListMergeRequestsQuery, ListUserMergeRequestsQuery } from '../../../shared/api/mergeRequests';
import { can, type Actor } from '../../auth/permissions';
import type { Db } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../errors';
import { countCommitsBetween } from '../../git/commits';
import { readsInternalNotesIn } from '../notes/noteables';
import type { ProjectContext, ProjectsService } from '../projects/projects.service';
import type { AssigneeFilter } from './assignees.repo';
import type { MergeRequestVersionsService } from './merge-request-versions.service';
import { mergeRequestSubject } from './merge-request-subjects';
import {
  findDiffVersion,
  findMergeRequestLocation,
  findMergeRequestRecord,
  findMergeRequestWithVersions,
  findReferencedMergeRequests,
  listDiffCommits,
  listMergeRequestRecords,
  visibleProjectsSql,
} from './merge-requests.repo';
import type { MergeabilityService } from './mergeability.service';

export type Page = { offset: number; limit: number };

type Deps = {
  db: Db;
  projects: Pick<ProjectsService, 'loadProject' | 'projectForViewers'>;
  mergeability: Pick<
    MergeabilityService,
    'withMergeability' | 'viewsOf' | 'detailOf' | 'checkedWithPermissions' | 'shownFacts'
  >;
  versions: Pick<MergeRequestVersionsService, 'diffOf'>;
  labels: Pick<LabelsService, 'filterCondition'>;
};

/**
 * Reading merge requests: one (with what the actor may do on it), a list of a project or across
 * projects, and a request's commits, changes and diff versions. A project the actor may not read
 * is a 404, merge requests it hides from them a 403.
 */
export function createMergeRequestReadsService({ db, projects, mergeability, versions, labels }: Deps) {
  /** GitLab's `labels` and `not[labels]` filters, as a condition the labels feature writes. */
  const labelFilterOf = (query: ListMergeRequestsQuery) =>
    labels.filterCondition('MergeRequest', labelFilterOfQuery(query));

  const { withMergeability, viewsOf, detailOf, checkedWithPermissions, shownFacts } = mergeability;
  const { diffOf } = versions;

  /** Loads a project for reading its merge requests: unreadable projects are 404, hidden merge requests 403. */
  async function loadForRead(actor: Actor, projectRef: number | string): Promise<ProjectContext> {
    const ctx = await projects.loadProject(actor, projectRef);
    if (!can(actor, 'read_merge_request', mergeRequestSubject(ctx, null))) throw new ForbiddenError();
    return ctx;
  }

  async function findRecord(ctx: ProjectContext, iid: number) {
    const record = await findMergeRequestRecord(db, ctx.project.id, iid);
    if (!record) throw new NotFoundError('Merge Request');
    return record;
  }

  async function list(actor: Actor, projectRef: number | string, query: ListMergeRequestsQuery, page: Page) {
    const ctx = await loadForRead(actor, projectRef);
    const { records, total } = await listMergeRequestRecords(
      db,
      { ...filterOf(query, { projectId: ctx.project.id }), labels: labelFilterOf(query) },
      page,
    );
    return { items: await viewsOf(records, readsInternalNotesIn(actor, ctx, 'MergeRequest')), total };
  }

  /** `GET /merge_requests`: across projects the actor may read; created by them unless `scope=all`. */
  async function listForUser(actor: Actor, query: ListUserMergeRequestsQuery, page: Page) {
    const scope = query.scope ?? (actor ? 'created_by_me' : 'all');
    const authorId = scope === 'created_by_me' && actor ? actor.id : query.author_id;
    const assigneeId = scope === 'assigned_to_me' && actor ? actor.id : query.assignee_id;
    const filter = filterOf(
      { ...query, author_id: authorId, assignee_id: assigneeId },
      { visibleTo: visibleProjectsSql(actor) },
    );
    const { records, total } = await listMergeRequestRecords(
      db,
      { ...filter, labels: labelFilterOf(query) },
      page,
    );
    // Across projects only administrators are sure to read every internal note.
    return { items: await viewsOf(records, actor?.admin === true), total };
  }

  /** A merge request the actor may read, without the git work of its mergeability (notes, awards). */
  async function findReadable(actor: Actor, projectRef: number | string, iid: number) {
    const ctx = await loadForRead(actor, projectRef);
    return { ctx, record: await findRecord(ctx, iid) };
  }

  /** The same, for features that hold only the merge request's id. */
  async function findReadableById(actor: Actor, id: number) {
    const location = await findMergeRequestLocation(db, id);
    if (!location) throw new NotFoundError('Merge Request');
    return findReadable(actor, location.projectId, location.iid);
  }

  /**
   * A merge request to be shown to many viewers at once (a live note reaching every subscriber):
   * the request and its project are read once, and each viewer gets it as `findReadable` would
   * give it to them, or null where they may not read it. Null overall when the request is gone.
   */
  async function readableByViewers(id: number) {
    const location = await findMergeRequestLocation(db, id);
    const contexts = location && (await projects.projectForViewers(location.projectId));
    const record =
      location && contexts && (await findMergeRequestRecord(db, location.projectId, location.iid));
    if (!contexts || !record) return null;
    return async (actor: Actor) => {
      const ctx = await contexts(actor);
      return ctx && can(actor, 'read_merge_request', mergeRequestSubject(ctx, null)) ? { ctx, record } : null;
    };
  }

  /** One merge request with what the actor may do on it. */
  async function show(actor: Actor, projectRef: number | string, iid: number) {
    return detailIn(actor, await loadForRead(actor, projectRef), iid);
  }

  /** The request as its entity shows it: checked, with votes, comment count and the actor's permissions. */
  async function detailIn(actor: Actor, ctx: ProjectContext, iid: number) {
    return detailOf(actor, ctx, await findRecord(ctx, iid));
  }

  /** GitLab's `diverged_commits_count`: the target branch's commits the source branch lacks (0 without both). */
  async function divergedCommitsCount(
    ctx: ProjectContext,
    view: { sourceHead: string | null; targetHead: string | null },
  ): Promise<number> {
    if (!view.sourceHead || !view.targetHead) return 0;
    return countCommitsBetween(ctx.gitDir, view.sourceHead, view.targetHead);
  }

  /** The request checked, with the actor's permissions: all that checks, merges and the widget need. */
  async function checkedIn(actor: Actor, ctx: ProjectContext, iid: number) {
    return checkedWithPermissions(actor, ctx, await findRecord(ctx, iid));
  }

  async function loadWithDiff(actor: Actor, projectRef: number | string, iid: number) {
    const ctx = await loadForRead(actor, projectRef);
    const view = await withMergeability(actor, ctx, await findRecord(ctx, iid));
    return { ctx, view };
  }

  async function commits(actor: Actor, projectRef: number | string, iid: number, page: Page) {
    const { ctx, view } = await loadWithDiff(actor, projectRef, iid);
    const version = view.latestDiff;
    if (!version) return { ctx, items: [], total: 0 };
    return { ctx, items: await listDiffCommits(db, version.id, page), total: version.commitsCount };
  }

  /** `changes`: the request with the files of its latest version. */
  async function changes(actor: Actor, projectRef: number | string, iid: number) {
    const { ctx, view } = await loadWithDiff(actor, projectRef, iid);
    const [shown, diff] = await Promise.all([
      shownFacts(actor, ctx, view.mergeRequest.id),
      diffOf(ctx, view.latestDiff),
    ]);
    return { ...view, ...shown, diff };
  }

  /** `diffs`: the files of the latest version, one page at a time. */
  async function diffs(actor: Actor, projectRef: number | string, iid: number, page: Page) {
    const { ctx, view } = await loadWithDiff(actor, projectRef, iid);
    const { files } = await diffOf(ctx, view.latestDiff, page.offset + page.limit);
    return { items: files.slice(page.offset), total: view.latestDiff?.filesCount ?? 0 };
  }

  async function versionsOf(actor: Actor, projectRef: number | string, iid: number) {
    return (await findReadableWithVersions(actor, projectRef, iid)).versions;
  }

  /**
   * A readable request's row and its diff versions, newest first: two statements (the project
   * with the viewer's access, then the request with its versions), for the diff endpoints.
   */
  async function findReadableWithVersions(actor: Actor, projectRef: number | string, iid: number) {
    const ctx = await loadForRead(actor, projectRef);
    const found = await findMergeRequestWithVersions(db, ctx.project.id, iid);
    if (!found) throw new NotFoundError('Merge Request');
    return { ctx, ...found };
  }

  async function version(actor: Actor, projectRef: number | string, iid: number, versionId: number) {
    const ctx = await loadForRead(actor, projectRef);
    const record = await findRecord(ctx, iid);
    const found = await findDiffVersion(db, record.mergeRequest.id, versionId);
    if (!found) throw new NotFoundError('Merge Request Diff');
    const [versionCommits, diff] = await Promise.all([listDiffCommits(db, found.id), diffOf(ctx, found)]);
    return { ctx, version: found, commits: versionCommits, diff };
  }

  /** The merge requests references name, by project and iid, left out where the reader may not read them. */
  async function readableByIids(actor: Actor, keys: ReadonlyArray<{ ctx: ProjectContext; iid: number }>) {
    const contexts = new Map(keys.map(({ ctx }) => [ctx.project.id, ctx]));
    const rows = await findReferencedMergeRequests(
      db,
      keys.map(({ ctx, iid }) => ({ projectId: ctx.project.id, iid })),
    );
    return rows.flatMap((row) => {
      const ctx = contexts.get(row.projectId);
      if (!ctx || !can(actor, 'read_merge_request', mergeRequestSubject(ctx, row.authorId))) return [];
      return [{ ctx, mergeRequest: row }];
    });
  }

  return {
    loadForRead,
    findRecord,
    findReadable,
    findReadableById,
    readableByViewers,
    readableByIids,
    list,
    listForUser,
    show,
    detailIn,
    checkedIn,
    divergedCommitsCount,
    commits,
    changes,
    diffs,
    versions: versionsOf,
    findReadableWithVersions,
    version,
  };
}

function filterOf(
  query: ListMergeRequestsQuery,
  scope: { projectId?: number; visibleTo?: ReturnType<typeof visibleProjectsSql> },
) {
  return {
    ...scope,
    iids: query.iids,
    state: query.state,
    authorId: query.author_id,
    assignee: peopleFilterOf(query.assignee_id, query.assignee_username),
    reviewer: peopleFilterOf(query.reviewer_id, query.reviewer_username),
    sourceBranch: query.source_branch,
    targetBranch: query.target_branch,
    search: query.search,
    orderBy: query.order_by,
    sort: query.sort,
  };
}

/** `assignee_id` (a user, `None`, `Any`) wins over `assignee_username`, as in GitLab; reviewers alike. */
function peopleFilterOf(
  id: ListMergeRequestsQuery['assignee_id'],
  username: string | undefined,
): AssigneeFilter | undefined {
  if (id === 'none' || id === 'any') return id;
  if (id !== undefined) return { id };
  return username === undefined ? undefined : { username };
}

export type MergeRequestReadsService = ReturnType<typeof createMergeRequestReadsService>;
