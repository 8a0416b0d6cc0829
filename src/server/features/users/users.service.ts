import { z } from 'zod';
import { pathMessage, pathProblem } from '../../../shared/names/paths';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { BadRequestError, ConflictError } from '../../errors';
import { insertUser, insertUserNamespace, usernameOrEmailTaken, type UserRow } from './users.repo';

export const MIN_PASSWORD_LENGTH = 8;

export const createUserInput = z.object({
  username: z.string().min(1).max(255),
  name: z.string().min(1).max(255),
  email: z.string().email().max(255),
  password: z.string().min(MIN_PASSWORD_LENGTH).max(128).optional(),
  admin: z.boolean().default(false),
});
export type CreateUserInput = z.input<typeof createUserInput>;

/** Accounts: a user and their personal namespace are created together or not at all. */
export function createUsersService({ db }: { db: Db }) {
  async function createUser(input: CreateUserInput): Promise<UserRow> {
    const parsed = createUserInput.parse(input);
    const problem = pathProblem(parsed.username, { topLevel: true });
    if (problem) throw new BadRequestError(`Username ${pathMessage(problem)}`);
    const passwordHash = parsed.password ? await hashPassword(parsed.password) : null;
    return db.transaction(async (tx) => {
      const taken = await usernameOrEmailTaken(tx, parsed.username, parsed.email);
      if (taken.username) throw new ConflictError('Username has already been taken');
      if (taken.email) throw new ConflictError('Email has already been taken');
      const user = await insertUser(tx, { ...parsed, passwordHash });
      await insertUserNamespace(tx, user);
      return user;
    });
  }

  return { createUser };
}

export type UsersService = ReturnType<typeof createUsersService>;
