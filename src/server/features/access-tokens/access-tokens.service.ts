import type { CreatePersonalAccessToken } from '../../../shared/api/accessTokens';
import type { TokenScope } from '../../../shared/access/credentials';
import type { AuthChanges } from '../../auth/auth-cache';
import { can, type Actor } from '../../auth/permissions';
import { digestToken, newOAuthToken, newPersonalAccessToken } from '../../auth/tokens';
import type { Page } from '../../api-v4/pagination';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { BadRequestError, NotFoundError, UnauthorizedError } from '../../errors';
import type { UsersService } from '../users/users.service';
import {
  findPersonalToken,
  insertAccessToken,
  listPersonalTokens,
  revokeToken,
  touchToken,
  type TokenFilter,
  type TokenRow,
} from './access-tokens.repo';

export type { TokenRow };

export type TokenListQuery = Omit<TokenFilter, 'today'>;

const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

type Deps = { db: Db; clock: Clock; authCache: AuthChanges; users: Pick<UsersService, 'getUser'> };

/**
 * Access tokens: personal ones, created for a user, listed and revoked by them or an
 * administrator; and the OAuth tokens a password grant hands out.
 */
export function createAccessTokensService({ db, clock, authCache, users }: Deps) {
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
    // Someone else's account must exist (404 User Not Found otherwise).
    if (userId !== actor.id) await users.getUser(userId);
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

  /** OAuth 2 password grant: a bearer token that lives OAUTH_TOKEN_LIFETIME_SECONDS, returned here once. */
  async function createOAuthToken(
    userId: number,
    scopes: TokenScope[],
  ): Promise<{ token: string; row: TokenRow }> {
    const token = newOAuthToken();
    const row = await insertAccessToken(db, {
      userId,
      kind: 'oauth',
      name: 'OAuth password grant',
      tokenDigest: digestToken(token),
      scopes,
      createdAt: clock.now(),
    });
    return { token, row };
  }

  /** Records that a token was used (`last_used_at`); the caller decides how often. */
  const recordUse = (tokenId: number, at: Date) => touchToken(db, tokenId, at);

  return {
    createPersonalToken,
    createOAuthToken,
    recordUse,
    listTokens,
    getToken,
    revokePersonalToken,
    today,
  };
}

export type AccessTokensService = ReturnType<typeof createAccessTokensService>;
