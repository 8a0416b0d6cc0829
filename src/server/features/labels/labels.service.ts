import {
  DEFAULT_LABEL_COLOR,
  labelNamesOf,
  labelTitleProblem,
  type LabelRef,
  normalizeLabelColor,
} from '../../../shared/labels/labels';
import { can, type Actor } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationFailedError,
} from '../../errors';
import type { GroupContext, GroupsService } from '../groups/groups.service';
import { groupSubject } from '../groups/groups.service';
import type { NamespacesService } from '../namespaces/namespaces.service';
import { projectSubject, type ProjectContext, type ProjectsService } from '../projects/projects.service';
import {
  countTargets,
  deleteLabel,
  findLabels,
  insertLabel,
  listLabels,
  updateLabel,
  type LabelRow,
  type LabelScope,
} from './labels.repo';
import {
  createLabelLinks,
  type LabelChanges,
  type LabelTargetRef,
  type SystemNoteWriter,
} from './label-links';
import { labelChangesOfBody, type LabelParams } from '../../../shared/api/labels';
import type { CurrentUser } from '../../auth/current-user';

export type { LabelRow } from './labels.repo';
export type { LabelChanges, LabelTargetRef } from './label-links';

/** Whose labels: a project's (with its groups' in sight) or a group's. */
export type LabelOwner = { kind: 'project'; ctx: ProjectContext } | { kind: 'group'; ctx: GroupContext };

export type LabelInput = {
  name?: string;
  color?: string;
  description?: string | null;
  priority?: number | null;
};

type Deps = {
  db: Db;
  clock: Clock;
  projects: Pick<ProjectsService, 'loadProject' | 'readableProjectIdsIn'>;
  groups: Pick<GroupsService, 'loadGroup'>;
  namespaces: Pick<NamespacesService, 'ancestry'>;
  systemNotes: SystemNoteWriter;
};

const byIdOrTitle = (ref: string) =>
  /^\d+$/.test(ref) ? { ids: [Number(ref)], titles: [ref] } : { titles: [ref] };

/**
 * Project and group labels (GitLab's Labels API), and the labels of issues and merge requests.
 * Reporters and up manage them (`admin_label`); whoever reads the project or group reads them.
 */
export function createLabelsService({ db, clock, projects, groups, namespaces, systemNotes }: Deps) {
  async function scopeOf(owner: LabelOwner, withAncestors = true): Promise<LabelScope> {
    if (owner.kind === 'project') {
      const groupIds = withAncestors ? await namespaces.ancestry(owner.ctx.project.namespaceId) : [];
      return { projectId: owner.ctx.project.id, groupIds };
    }
    const groupIds = withAncestors ? await namespaces.ancestry(owner.ctx.group.id) : [owner.ctx.group.id];
    return { projectId: null, groupIds };
  }

  const mayAdmin = (actor: Actor, owner: LabelOwner) =>
    owner.kind === 'project'
      ? can(actor, 'admin_label', projectSubject(owner.ctx))
      : can(actor, 'admin_label', groupSubject(owner.ctx));

  function assertMayAdmin(actor: Actor, owner: LabelOwner): void {
    if (!mayAdmin(actor, owner)) throw new ForbiddenError();
  }

  /** A project the actor may read, as an owner of labels (404 when they may not read it). */
  const projectOwner = async (actor: Actor, ref: number | string): Promise<LabelOwner> => ({
    kind: 'project',
    ctx: await projects.loadProject(actor, ref),
  });

  const groupOwner = async (actor: Actor, ref: number | string): Promise<LabelOwner> => ({
    kind: 'group',
    ctx: await groups.loadGroup(actor, ref),
  });

  async function list(
    owner: LabelOwner,
    options: { search?: string; includeAncestorGroups: boolean; page: { offset: number; limit: number } },
  ) {
    return listLabels(db, await scopeOf(owner, options.includeAncestorGroups), options);
  }

  /** A label by id or title: the owner's own first, then its nearest group's. */
  async function find(owner: LabelOwner, ref: string, withAncestors = true): Promise<LabelRow> {
    const scope = await scopeOf(owner, withAncestors);
    const found = nearestFirst(await findLabels(db, scope, byIdOrTitle(ref)), scope);
    const label = found.find((row) => String(row.id) === ref) ?? found.find((row) => row.title === ref);
    if (!label) throw new NotFoundError('Label');
    return label;
  }

  /** GitLab's model validations, every attribute at once: `{"title": ["can't be blank"]}`. */
  function validated(input: LabelInput): { title?: string; color?: string } {
    const errors: Record<string, string[]> = {};
    const title = input.name?.trim();
    const titleProblem = input.name === undefined ? null : labelTitleProblem(input.name);
    if (titleProblem) errors.title = [titleProblem];
    const color = input.color === undefined ? undefined : normalizeLabelColor(input.color);
    if (color === null) errors.color = ['must be a valid color code'];
    if (Object.keys(errors).length) throw new ValidationFailedError(errors);
    return { title, color: color ?? undefined };
  }

  const ownerColumns = (owner: LabelOwner) =>
    owner.kind === 'project'
      ? { projectId: owner.ctx.project.id, groupId: null }
      : { projectId: null, groupId: owner.ctx.group.id };

  /** `POST .../labels`: a title the owner already sees (its own or a group's) is a 409. */
  async function create(
    actor: Actor,
    owner: LabelOwner,
    input: LabelInput & { name: string; color: string },
  ) {
    assertMayAdmin(actor, owner);
    const { title = '', color = DEFAULT_LABEL_COLOR } = validated(input);
    const scope = await scopeOf(owner);
    if ((await findLabels(db, scope, { titles: [title] })).length)
      throw new ConflictError('Label already exists');
    const now = clock.now();
    const row = await insertLabel(db, {
      ...ownerColumns(owner),
      title,
      color,
      description: input.description ?? null,
      priority: owner.kind === 'project' ? (input.priority ?? null) : null,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) throw new ConflictError('Label already exists');
    return row;
  }

  /** `PUT .../labels/:label_id`: only the owner's own labels; a new title may not be taken. */
  async function update(actor: Actor, owner: LabelOwner, ref: string, input: LabelInput) {
    assertMayAdmin(actor, owner);
    const label = await find(owner, ref, false);
    const { title, color } = validated(input);
    if (title !== undefined && title !== label.title) {
      const taken = await findLabels(db, await scopeOf(owner, false), { titles: [title] });
      if (taken.length) throw new ValidationFailedError({ title: ['has already been taken'] });
    }
    const priority = owner.kind === 'project' ? input.priority : undefined;
    try {
      const updated = await updateLabel(db, label.id, {
        title,
        color,
        description: input.description,
        priority,
        updatedAt: clock.now(),
      });
      if (!updated) throw new NotFoundError('Label');
      return updated;
    } catch (error) {
      // A concurrent rename to the same title lost the race to the unique index.
      if (String((error as { code?: unknown }).code) === '23505')
        throw new ValidationFailedError({ title: ['has already been taken'] });
      throw error;
    }
  }

  /** `DELETE .../labels/:label_id`: the label leaves every issue and merge request it was on. */
  async function remove(actor: Actor, owner: LabelOwner, ref: string): Promise<void> {
    assertMayAdmin(actor, owner);
    await deleteLabel(db, (await find(owner, ref, false)).id);
  }

  /**
   * `with_counts`: open and closed issues and open merge requests per label, as GitLab counts
   * them: within the project, or within the group's projects the reader may see.
   */
  async function countsOf(actor: Actor, owner: LabelOwner, rows: LabelRow[]) {
    const projectIds =
      owner.kind === 'project'
        ? [owner.ctx.project.id]
        : await projects.readableProjectIdsIn(actor, owner.ctx.group);
    const counted = await countTargets(
      db,
      rows.map((row) => row.id),
      projectIds,
      mayAdmin(actor, owner),
    );
    const zero = { open_issues_count: 0, closed_issues_count: 0, open_merge_requests_count: 0 };
    const counts = new Map(rows.map((row) => [row.id, zero]));
    for (const row of counted)
      counts.set(row.labelId, {
        open_issues_count: row.openIssues,
        closed_issues_count: row.closedIssues,
        open_merge_requests_count: row.openMergeRequests,
      });
    return counts;
  }

  const links = createLabelLinks({ db, clock, systemNotes, scopeOf, mayAdmin, validated });

  /** Refuses label names no label could have, before anything else of a request is written. */
  function checkNames(names: readonly string[] | undefined): void {
    for (const name of names ?? []) {
      const problem = labelTitleProblem(name);
      if (problem) throw new BadRequestError(`labels ${problem}`);
    }
  }

  /**
   * The label parameters of a create or edit (the caller let the actor write the issue or merge
   * request): applied, and the target's labels afterwards; null when none were given.
   */
  async function applyParams(
    actor: CurrentUser,
    projectRef: number | string,
    target: LabelTargetRef,
    body: LabelParams,
  ): Promise<LabelRow[] | null> {
    const changes = labelChangesOfBody(body);
    if (!changes) return null;
    await applyChanges(actor, projectRef, target, changes, { create: true });
    return (await links.labelsOn(target.type, [target.id])).get(target.id) ?? [];
  }

  /**
   * Changes the labels of an issue or a merge request the caller let the actor update. `create`:
   * names no label has become project labels (REST does so; quick actions only find labels).
   */
  async function applyChanges(
    actor: CurrentUser,
    projectRef: number | string,
    target: LabelTargetRef,
    changes: LabelChanges,
    options: { create: boolean },
  ) {
    const owner = { kind: 'project' as const, ctx: await projects.loadProject(actor, projectRef) };
    return links.change(actor, owner, target, changes, options);
  }

  /** Refuses label parameters no label could be named by, before anything of the request is written. */
  const checkParams = (body: LabelParams) =>
    checkNames([body.labels, body.add_labels].flatMap((value) => labelNamesOf(value) ?? []));

  /**
   * The labels `~` references in a project's text name, among those the project sees (the caller
   * read the project); the project's own label wins over a group's of the same name.
   */
  async function byRefs(ctx: ProjectContext, refs: readonly LabelRef[]): Promise<LabelRow[]> {
    if (refs.length === 0) return [];
    const scope = await scopeOf({ kind: 'project', ctx });
    const ids = refs.flatMap((ref) => (ref.kind === 'id' ? [ref.id] : []));
    const titles = refs.flatMap((ref) => (ref.kind === 'name' ? [ref.name] : []));
    return nearestFirst(await findLabels(db, scope, { ids, titles }), scope);
  }

  return {
    byRefs,
    applyParams,
    applyChanges,
    checkParams,
    projectOwner,
    groupOwner,
    mayAdmin,
    list,
    countsOf,
    find,
    create,
    update,
    remove,
    checkNames,
    ...links,
  };
}

/** The project's own labels first, then its groups' from the nearest up (scope.groupIds is nearest first). */
export function nearestFirst(rows: LabelRow[], scope: LabelScope): LabelRow[] {
  const rank = (row: LabelRow) => (row.projectId !== null ? -1 : scope.groupIds.indexOf(row.groupId ?? -1));
  return [...rows].sort((a, b) => rank(a) - rank(b) || a.id - b.id);
}

export type LabelsService = ReturnType<typeof createLabelsService>;
