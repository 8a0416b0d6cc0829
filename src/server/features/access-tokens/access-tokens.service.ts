import type { CreatePersonalAccessToken } from '../../../shared/api/accessTokens';
import type { AuthChanges } from '../../auth/auth-cache';
import { findUserById, insertAccessToken, type TokenRow } from '../../auth/auth.repo';
import { can, type Actor } from '../../auth/permissions';
import { digestToken, newPersonalAccessToken } from '../../auth/tokens';
import type { Page } from '../../api-v4/pagination';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { BadRequestError, NotFoundError, UnauthorizedError } from '../../errors';
import { findPersonalToken, listPersonalTokens, revokeToken, type TokenFilter } from './access-tokens.repo';

export type TokenListQuery = Omit<TokenFilter, 'today'>;

const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

/** Personal access tokens: created for a user, listed and revoked by them or an administrator. */
export function createAccessTokensService({
  db,
  clock,
  authCache,
}: {
  db: Db;
  clock: Clock;
  authCache: AuthChanges;
}) {
  const today = () => dayOf(clock.now());
  const mayManage = (actor: Actor, userId: number) =>
    can(actor, 'manage_access_tokens', { type: 'user', id: userId });

  /** The plain token is returned here once; only its SHA-256 digest is kept. */
  async function createPersonalToken(
    actor: NonNullable<Actor>,
    userId: number,
    input: CreatePersonalAccessToken,
  ): Promise<{ row: TokenRow; token: string }> {
    if (input.expires_at && input.expires_at <= today())
      throw new BadRequestError('expires_at must be in the future');
    if (userId !== actor.id && !(await findUserById(db, userId))) throw new NotFoundError('User');
    if (!mayManage(actor, userId)) throw new UnauthorizedError();
    const token = newPersonalAccessToken();
    const row = await insertAccessToken(db, {
      userId,
      kind: 'personal',
      name: input.name,
      tokenDigest: digestToken(token),
      scopes: [...new Set(input.scopes)],
      expiresAt: input.expires_at ?? null,
      createdAt: clock.now(),
    });
    return { row, token };
  }

  /**
   * Everyone's tokens for an administrator, one's own for anyone else. Asking for another user's
   * tokens without being an administrator is a 401, as on GitLab.
   */
  async function listTokens(actor: NonNullable<Actor>, query: TokenListQuery, page: Page) {
    if (query.userId !== undefined && !mayManage(actor, query.userId)) throw new UnauthorizedError();
    const userId = query.userId ?? (actor.admin ? undefined : actor.id);
    return listPersonalTokens(db, { ...query, userId, today: today() }, page);
  }

  /** A token the actor may see: someone else's is a 401, a missing one a 404 for administrators. */
  async function getToken(actor: NonNullable<Actor>, id: number): Promise<TokenRow> {
    const row = await findPersonalToken(db, id);
    if (row && mayManage(actor, row.userId)) return row;
    if (actor.admin) throw new NotFoundError();
    throw new UnauthorizedError();
  }

  async function revokePersonalToken(actor: NonNullable<Actor>, id: number): Promise<void> {
    const row = await getToken(actor, id);
    await revokeToken(db, row.id);
    // Every process refuses the token from the next request on.
    await authCache.userChanged(row.userId);
  }

  return { createPersonalToken, listTokens, getToken, revokePersonalToken, today };
}

export type AccessTokensService = ReturnType<typeof createAccessTokensService>;
