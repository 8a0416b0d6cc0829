import { can, type Actor } from '../../auth/permissions';
import type { Db } from '../../db/client';
import {
  findNamespace,
  findNamespacesByFullPaths,
  findUserNamespace,
  groupAccessLevel,
  insertGroupNamespace,
  insertUserNamespace,
  namespaceAncestry,
  namespaceFullName,
  namespacePathTaken,
  updateNamespace,
  type NamespaceRow,
  type NewGroupNamespace,
} from './namespaces.repo';

export type { MentionedNamespaceRow, NamespaceRow } from './namespaces.repo';

/**
 * Namespaces: each user's personal one and each group's, whose full paths prefix their projects'.
 * The users feature creates personal ones, the groups feature groups'; both write through here.
 */
export function createNamespacesService({ db }: { db: Db }) {
  /** By id, or by full path matched case-insensitively. */
  const find = (ref: number | string): Promise<NamespaceRow | undefined> => findNamespace(db, ref);

  /** A user's personal namespace, by user id or username. */
  const findPersonal = (userRef: number | string) => findUserNamespace(db, userRef);

  /** The ids of a namespace and all its ancestors, nearest first (read `within` a transaction when given). */
  const ancestry = (namespaceId: number, within: Db = db) => namespaceAncestry(within, namespaceId);

  /** The user's highest membership in the namespace's group or one of its ancestors; 0 for none. */
  async function groupAccessLevelOf(userId: number, namespaceId: number): Promise<number> {
    return groupAccessLevel(db, userId, await namespaceAncestry(db, namespaceId));
  }

  /** Whether a namespace has this full path (in the caller's transaction, when given). */
  const pathTaken = (fullPath: string, tx: Db = db) => namespacePathTaken(tx, fullPath);

  /** `Group / Subgroup`. */
  const fullName = (namespaceId: number) => namespaceFullName(db, namespaceId);

  /**
   * Users and groups `@` mentions name, by lower-cased full path. Users are public; a group the
   * actor may not read is left out, as if it did not exist.
   */
  async function mentionableByFullPaths(actor: Actor, fullPaths: readonly string[]) {
    const found = await findNamespacesByFullPaths(db, fullPaths, actor?.id ?? null);
    return new Map(
      found
        .filter(
          (row) =>
            row.kind === 'user' ||
            can(actor, 'read_group', {
              type: 'group',
              visibility: row.visibility,
              accessLevel: row.accessLevel,
            }),
        )
        .map((row) => [row.fullPath.toLowerCase(), row]),
    );
  }

  /** A new user's namespace, in the transaction that creates the user. */
  const createPersonal = (user: { id: number; name: string; username: string }, tx: Db = db) =>
    insertUserNamespace(tx, user);

  /** A new group's namespace, in the transaction that creates the group. */
  const createGroup = (values: NewGroupNamespace, tx: Db = db) => insertGroupNamespace(tx, values);

  /** A group's name, description or visibility. */
  const update = (namespaceId: number, values: Parameters<typeof updateNamespace>[2]) =>
    updateNamespace(db, namespaceId, values);

  return {
    find,
    findPersonal,
    ancestry,
    groupAccessLevelOf,
    pathTaken,
    fullName,
    mentionableByFullPaths,
    createPersonal,
    createGroup,
    update,
  };
}

export type NamespacesService = ReturnType<typeof createNamespacesService>;
