import { DEFAULT_LABEL_COLOR, labelsChangedText, type LabelRef } from '../../../shared/labels/labels';
import type { Actor } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import {
  findLabels,
  insertLabelEvents,
  listLabelEvents,
  insertLabel,
  labelFilterCondition,
  labelsOnTargets,
  linkLabels,
  unlinkLabels,
  type LabelFilter,
  type LabelRow,
  type LabelScope,
  type LabelTarget,
} from './labels.repo';
import type { LabelOwner } from './labels.service';

/**
 * How the labels of an issue or a merge request change: `set` replaces them all (REST `labels`,
 * `/relabel`, `/unlabel` alone), `add` and `remove` change some (`add_labels`, `/label`, ...).
 */
export type LabelChanges = { set?: LabelRef[]; add?: LabelRef[]; remove?: LabelRef[] };

/** What a change did: labels added and removed, and the labels its references named (for messages). */
export type LabelChangeResult = { added: LabelRow[]; removed: LabelRow[]; named: LabelRow[] };

/** An issue or a merge request of the owner's project. */
export type LabelTargetRef = { type: LabelTarget; id: number };

/**
 * Writes the `added ~1 label` note. Typed here rather than imported, so that the notes feature
 * (which renders label references) and this one do not import each other.
 */
export type SystemNoteWriter = {
  record(
    input: {
      projectId: number;
      noteableType: LabelTarget;
      noteableId: number;
      authorId: number | null;
      action: 'label';
      body: string;
    },
    tx: Db,
  ): Promise<unknown>;
  announce(note: never): Promise<void>;
};

type Deps = {
  db: Db;
  clock: Clock;
  systemNotes: SystemNoteWriter;
  scopeOf: (owner: LabelOwner, withAncestors?: boolean) => Promise<LabelScope>;
  mayAdmin: (actor: Actor, owner: LabelOwner) => boolean;
  validated: (input: { name?: string }) => { title?: string };
};

type ProjectOwner = Extract<LabelOwner, { kind: 'project' }>;

const names = (refs: readonly LabelRef[]) => refs.flatMap((ref) => (ref.kind === 'name' ? [ref.name] : []));
const ids = (refs: readonly LabelRef[]) => refs.flatMap((ref) => (ref.kind === 'id' ? [ref.id] : []));
const matches = (label: LabelRow, ref: LabelRef) =>
  ref.kind === 'id' ? label.id === ref.id : label.title === ref.name;

/** The labels on issues and merge requests: what they carry, changing it, and list filters. */
export function createLabelLinks({ db, clock, systemNotes, scopeOf, mayAdmin, validated }: Deps) {
  /** Each target's labels, by title. */
  async function labelsOn(type: LabelTarget, targetIds: readonly number[]): Promise<Map<number, LabelRow[]>> {
    const grouped = new Map<number, LabelRow[]>(targetIds.map((id) => [id, []]));
    for (const row of await labelsOnTargets(db, type, targetIds)) grouped.get(row.targetId)?.push(row.label);
    return grouped;
  }

  /**
   * The labels references name, the project's own before its groups'. Names no label has become
   * project labels when `create` (GitLab makes them on the fly, in its default colour).
   */
  async function resolve(owner: ProjectOwner, scope: LabelScope, refs: LabelRef[], create: boolean, tx: Db) {
    if (refs.length === 0) return [];
    const found = await findLabels(tx, scope, { ids: ids(refs), titles: names(refs) });
    const ranked = found.sort((a, b) => Number(b.projectId !== null) - Number(a.projectId !== null));
    const resolved: LabelRow[] = [];
    for (const ref of refs) {
      const label =
        ranked.find((row) => matches(row, ref)) ?? (create ? await createFor(owner, ref, tx) : null);
      if (label && !resolved.some((row) => row.id === label.id)) resolved.push(label);
    }
    return resolved;
  }

  async function createFor(owner: ProjectOwner, ref: LabelRef, tx: Db) {
    if (ref.kind !== 'name') return null;
    const { title = ref.name } = validated({ name: ref.name });
    const now = clock.now();
    const values = { title, color: DEFAULT_LABEL_COLOR, description: null, priority: null };
    const row = await insertLabel(tx, {
      ...values,
      projectId: owner.ctx.project.id,
      groupId: null,
      createdAt: now,
      updatedAt: now,
    });
    // A concurrent request made it first: take that one.
    if (row) return row;
    const [existing] = await findLabels(
      tx,
      { projectId: owner.ctx.project.id, groupIds: [] },
      { titles: [title] },
    );
    return existing ?? null;
  }

  /**
   * Changes the labels of an issue or a merge request the caller let the actor update, and writes
   * GitLab's `added ~1 label` note. Members below Reporter change nothing (GitLab drops their
   * label parameters). Returns what was added and removed.
   */
  async function change(
    actor: Actor & { id: number },
    owner: ProjectOwner,
    target: LabelTargetRef,
    changes: LabelChanges,
    { create }: { create: boolean },
  ): Promise<LabelChangeResult> {
    if (!mayAdmin(actor, owner)) return { added: [], removed: [], named: [] };
    // Read before the transaction: PGlite has one connection, which the transaction holds.
    const scope = await scopeOf(owner);
    const { result, note } = await db.transaction(async (tx) => {
      const current = (await labelsOnTargets(tx, target.type, [target.id])).map((row) => row.label);
      const { wanted, named } = await wantedLabels(owner, scope, current, changes, create, tx);
      const added = wanted.filter((label) => !current.some((row) => row.id === label.id));
      const removed = current.filter((label) => !wanted.some((row) => row.id === label.id));
      await linkLabels(
        tx,
        target.type,
        target.id,
        added.map((label) => label.id),
        clock.now(),
      );
      await unlinkLabels(
        tx,
        target.type,
        target.id,
        removed.map((label) => label.id),
      );
      if (added.length === 0 && removed.length === 0)
        return { result: { added, removed, named }, note: null };
      const now = clock.now();
      const event = (action: 'add' | 'remove') => (label: LabelRow) => ({
        labelId: label.id,
        targetType: target.type,
        targetId: target.id,
        userId: actor.id,
        action,
        createdAt: now,
      });
      await insertLabelEvents(tx, [...added.map(event('add')), ...removed.map(event('remove'))]);
      const written = await systemNotes.record(
        {
          projectId: owner.ctx.project.id,
          noteableType: target.type,
          noteableId: target.id,
          authorId: actor.id,
          action: 'label',
          body: labelsChangedText(
            added.map((label) => label.id),
            removed.map((label) => label.id),
          ),
        },
        tx,
      );
      return { result: { added, removed, named }, note: written };
    });
    if (note) await systemNotes.announce(note as never);
    return result;
  }

  async function wantedLabels(
    owner: ProjectOwner,
    scope: LabelScope,
    current: LabelRow[],
    changes: LabelChanges,
    create: boolean,
    tx: Db,
  ): Promise<{ wanted: LabelRow[]; named: LabelRow[] }> {
    const set = changes.set ? await resolve(owner, scope, changes.set, create, tx) : null;
    const added = await resolve(owner, scope, changes.add ?? [], create, tx);
    const base = set ?? current;
    const kept = [...base, ...added.filter((label) => !base.some((row) => row.id === label.id))];
    const removeRefs = changes.remove ?? [];
    const removedNamed = current.filter((label) => removeRefs.some((ref) => matches(label, ref)));
    return {
      wanted: kept.filter((label) => !removeRefs.some((ref) => matches(label, ref))),
      named: [...(set ?? []), ...added, ...removedNamed],
    };
  }

  /** A list condition on the outer query's id column for GitLab's `labels` and `not[labels]` filters. */
  const filterCondition = (type: LabelTarget, filter: LabelFilter) => labelFilterCondition(type, filter);

  /** `GET .../resource_label_events` of an issue or a merge request the caller let the actor read. */
  const events = (target: LabelTargetRef, page: { offset: number; limit: number }) =>
    listLabelEvents(db, target.type, target.id, page);

  return { labelsOn, change, filterCondition, events };
}
