import { DOWNVOTE_NAME, UPVOTE_NAME, canonicalEmojiName } from '../../../shared/emoji/emoji';
import { can, type Actor, type Subject } from '../../auth/permissions';
import type { CurrentUser } from '../../auth/current-user';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../errors';
import {
  countAwardsByName,
  deleteAward,
  findAward,
  findOwnAward,
  insertAward,
  listAwards,
  listAwardsOn,
  type AwardWithUser,
  type AwardableType,
} from './award-emoji.repo';

/**
 * Something emoji can be awarded to, found by its feature with the facts can() needs: a
 * `noteable` subject for issues and merge requests, a `note` subject for notes.
 */
export type { AwardWithUser };

export type Awardable = {
  type: AwardableType;
  id: number;
  subject: Extract<Subject, { type: 'noteable' | 'note' }>;
};

/** GitLab answers a refused award as a missing one: `404 Award Emoji Name has already been taken Not Found`. */
const awardRefused = (reason: string) => new NotFoundError(`Award Emoji ${reason}`);

type Deps = { db: Db; clock: Clock };

export function createAwardEmojiService({ db, clock }: Deps) {
  function assertReadable(actor: Actor, awardable: Awardable): void {
    const action = awardable.subject.type === 'note' ? 'read_note' : 'read_noteable';
    if (!can(actor, action, awardable.subject))
      throw new NotFoundError(awardable.type === 'Note' ? 'Note' : '');
  }

  function assertMayAward(actor: Actor, awardable: Awardable): void {
    assertReadable(actor, awardable);
    if (!can(actor, 'award_emoji', awardable.subject)) throw new ForbiddenError();
  }

  /** The name an award is stored under, or a refusal: names come from users and must be emoji. */
  function nameOf(name: string): string {
    const canonical = canonicalEmojiName(name);
    if (!canonical) throw awardRefused('Name is not a valid emoji name');
    return canonical;
  }

  /** Null when the user already gave this emoji (also when two requests race). */
  function insertFor(actor: CurrentUser, awardable: Awardable, name: string) {
    const now = clock.now();
    return insertAward(db, {
      name,
      userId: actor.id,
      awardableType: awardable.type,
      awardableId: awardable.id,
      createdAt: now,
      updatedAt: now,
    });
  }

  async function list(actor: Actor, awardable: Awardable, page: { offset: number; limit: number }) {
    assertReadable(actor, awardable);
    return listAwards(db, awardable.type, awardable.id, page);
  }

  async function find(actor: Actor, awardable: Awardable, awardId: number): Promise<AwardWithUser> {
    assertReadable(actor, awardable);
    const found = await findAward(db, awardable.type, awardable.id, awardId);
    if (!found) throw new NotFoundError('Award Emoji');
    return found;
  }

  /** `POST .../award_emoji`: a second award of the same emoji by the same user is refused. */
  async function award(actor: CurrentUser, awardable: Awardable, name: string): Promise<AwardWithUser> {
    assertMayAward(actor, awardable);
    const inserted = await insertFor(actor, awardable, nameOf(name));
    if (!inserted) throw awardRefused('Name has already been taken');
    return { award: inserted, user: actor };
  }

  /** `DELETE .../award_emoji/:id`: one's own award; administrators may remove anyone's. */
  async function remove(actor: CurrentUser, awardable: Awardable, awardId: number): Promise<void> {
    const found = await find(actor, awardable, awardId);
    if (found.award.userId !== actor.id && !actor.admin) throw new ForbiddenError();
    await deleteAward(db, found.award.id);
  }

  /**
   * The award bar's click and `/award`: gives the emoji, or takes it back when the user already
   * gave it. Returns whether the user has the award afterwards.
   */
  async function toggle(
    actor: CurrentUser,
    awardable: Awardable,
    name: string,
  ): Promise<{ name: string; awarded: boolean }> {
    assertMayAward(actor, awardable);
    const canonical = nameOf(name);
    const existing = await findOwnAward(db, awardable.type, awardable.id, canonical, actor.id);
    if (existing) {
      await deleteAward(db, existing.id);
      return { name: canonical, awarded: false };
    }
    await insertFor(actor, awardable, canonical);
    return { name: canonical, awarded: true };
  }

  /** `upvotes` and `downvotes` of several issues or merge requests, for their presenters. */
  async function votesOf(
    type: Exclude<AwardableType, 'Note'>,
    ids: number[],
  ): Promise<Map<number, { upvotes: number; downvotes: number }>> {
    const votes = new Map(ids.map((id) => [id, { upvotes: 0, downvotes: 0 }]));
    for (const row of await countAwardsByName(db, type, ids, [UPVOTE_NAME, DOWNVOTE_NAME])) {
      const entry = votes.get(row.awardableId);
      if (!entry) continue;
      if (row.name === UPVOTE_NAME) entry.upvotes = row.n;
      else entry.downvotes = row.n;
    }
    return votes;
  }

  /** Every award on a page of notes (or other things) at once, grouped by the thing. */
  async function awardsOn(type: AwardableType, ids: number[]): Promise<Map<number, AwardWithUser[]>> {
    const grouped = new Map<number, AwardWithUser[]>();
    for (const row of await listAwardsOn(db, type, ids)) {
      const list = grouped.get(row.award.awardableId) ?? [];
      list.push(row);
      grouped.set(row.award.awardableId, list);
    }
    return grouped;
  }

  return { list, find, award, remove, toggle, votesOf, awardsOn };
}

export type AwardEmojiService = ReturnType<typeof createAwardEmojiService>;
