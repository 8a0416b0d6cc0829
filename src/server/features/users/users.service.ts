import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../../../shared/access/credentials';
import { pathMessage, pathProblem } from '../../../shared/names/paths';
import type { AuthChanges } from '../../auth/auth-cache';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import type { Page } from '../../api-v4/pagination';
import type { NamespacesService } from '../namespaces/namespaces.service';
import {
  anyUserExists,
  findUserByLogin,
  findUserWithNamespace,
  insertUser,
  listUsers,
  updateUserState,
  usernameOrEmailTaken,
  violatedUniqueIndex,
  type UserFilter,
  type UserRow,
  type UserWithNamespace,
} from './users.repo';

export { MIN_PASSWORD_LENGTH };
export type { UserRow };

const USERNAME_TAKEN = 'Username has already been taken';
const EMAIL_TAKEN = 'Email has already been taken';

export const createUserInput = z.object({
  username: z.string().min(1).max(255),
  name: z.string().min(1).max(255),
  email: z.string().email().max(255),
  password: z.string().min(MIN_PASSWORD_LENGTH).max(128).optional(),
  admin: z.boolean().default(false),
});
export type CreateUserInput = z.input<typeof createUserInput>;

type Deps = { db: Db; authCache: AuthChanges; namespaces: Pick<NamespacesService, 'createPersonal'> };

/** Accounts: a user and their personal namespace are created together or not at all. */
export function createUsersService({ db, authCache, namespaces }: Deps) {
  async function createUser(input: CreateUserInput): Promise<UserRow> {
    const parsed = createUserInput.parse(input);
    const problem = pathProblem(parsed.username, { topLevel: true });
    if (problem) throw new BadRequestError(`Username ${pathMessage(problem)}`);
    const passwordHash = parsed.password ? await hashPassword(parsed.password) : null;
    try {
      return await db.transaction(async (tx) => {
        const taken = await usernameOrEmailTaken(tx, parsed.username, parsed.email);
        if (taken.username) throw new ConflictError(USERNAME_TAKEN);
        if (taken.email) throw new ConflictError(EMAIL_TAKEN);
        const user = await insertUser(tx, { ...parsed, passwordHash });
        await namespaces.createPersonal(user, tx);
        return user;
      });
    } catch (error) {
      // The check above cannot see a concurrent sign-up's uncommitted row; the unique index can.
      const index = violatedUniqueIndex(error);
      if (index === 'users_email_lower') throw new ConflictError(EMAIL_TAKEN);
      if (index) throw new ConflictError(USERNAME_TAKEN);
      throw error;
    }
  }

  /**
   * `POST /api/v4/users`: GitLab wants a password or an explicit choice not to give one; with
   * `force_random_password` the account has no usable password until one is set.
   */
  async function createUserAsAdmin(
    input: CreateUserInput & { force_random_password?: boolean },
  ): Promise<UserWithNamespace> {
    const { force_random_password: noPassword, ...rest } = input;
    if (!rest.password && !noPassword)
      throw new BadRequestError(
        'password, reset_password, force_random_password are missing, at least one parameter must be provided',
      );
    const user = await createUser(rest);
    return getUser(user.id);
  }

  async function getUser(id: number): Promise<UserWithNamespace> {
    const found = await findUserWithNamespace(db, id);
    if (!found) throw new NotFoundError('User');
    return found;
  }

  const findUsers = (filter: UserFilter, page: Page) => listUsers(db, filter, page);

  /** The account a login names: its username or e-mail, in any case; undefined when none. */
  const findByLogin = (login: string) => findUserByLogin(db, login);

  const hasUsers = () => anyUserExists(db);

  /** Blocking takes effect on the user's very next request, in every process, whatever they sign in with. */
  async function setState(userId: number, state: UserRow['state']): Promise<void> {
    if (!(await updateUserState(db, userId, state))) throw new NotFoundError('User');
    await authCache.userChanged(userId);
  }

  return { createUser, createUserAsAdmin, getUser, findUsers, findByLogin, hasUsers, setState };
}

export type UsersService = ReturnType<typeof createUsersService>;
