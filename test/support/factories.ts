import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword, type PasswordHashCost } from '../../src/server/auth/passwords';
import { users } from '../../src/server/db/schema';
import type { CurrentUser } from '../../src/server/auth/current-user';
import { digestToken, newPersonalAccessToken } from '../../src/server/auth/tokens';
import type { Container } from '../../src/server/container';
import { insertAccessToken } from '../../src/server/features/access-tokens/access-tokens.repo';
import { insertMember } from '../../src/server/features/members/members.repo';
import type { CreateProjectInput, ProjectContext } from '../../src/server/features/projects/projects.service';

const unique = () => randomBytes(4).toString('hex');

/** scrypt at 1/16 of the server's work factor: about 3 ms instead of 60 here. */
const TEST_PASSWORD_COST: PasswordHashCost = { N: 1024, r: 8, p: 1 };

export type TestUser = CurrentUser & {
  password: string;
  /** A personal access token with the `api` scope. */
  token: string;
  /** Headers that authenticate as this user on the API. */
  headers: { 'private-token': string };
};

/** A user with a password and an `api` token. */
export async function buildUser(
  c: Pick<Container, 'users' | 'db'>,
  overrides: { username?: string; name?: string; admin?: boolean; password?: string } = {},
): Promise<TestUser> {
  const username = overrides.username ?? `user-${unique()}`;
  const password = overrides.password ?? `pw-${unique()}-secret`;
  const user = await c.users.createUser({
    username,
    name: overrides.name ?? `User ${username}`,
    email: `${username}@example.com`,
    admin: overrides.admin ?? false,
  });
  // Stored at a test's cost: signing in verifies it as any hash, by the cost it records.
  await c.db
    .update(users)
    .set({ passwordHash: await hashPassword(password, TEST_PASSWORD_COST) })
    .where(eq(users.id, user.id));
  const token = await buildToken(c, user, ['api'], 'test');
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    admin: user.admin,
    state: user.state,
    password,
    token,
    headers: { 'private-token': token },
  };
}

/** A project in the owner's namespace (or the given one), with a README commit on `main` by default. */
export async function buildProject(
  c: Pick<Container, 'projects'>,
  owner: CurrentUser,
  input: CreateProjectInput = {},
): Promise<ProjectContext> {
  return c.projects.createProject(owner, {
    path: `project-${unique()}`,
    initialize_with_readme: true,
    ...input,
  });
}

/** Makes `user` a member of the project with an access level (10 Guest ... 50 Owner); a member already stays as they are. */
export async function addProjectMember(
  c: Pick<Container, 'db'>,
  project: Pick<ProjectContext, 'project'>,
  user: Pick<CurrentUser, 'id'>,
  accessLevel: number,
): Promise<void> {
  await insertMember(c.db, { kind: 'project', id: project.project.id }, user.id, accessLevel, {
    ifAbsent: true,
  });
}

/** Makes `user` a member of the group with an access level. */
export async function addGroupMember(
  c: Pick<Container, 'db'>,
  group: { group: { id: number } },
  user: Pick<CurrentUser, 'id'>,
  accessLevel: number,
): Promise<void> {
  await insertMember(c.db, { kind: 'group', id: group.group.id }, user.id, accessLevel);
}

/** A personal access token of `user` with these scopes: the plain token to send. */
export async function buildToken(
  c: Pick<Container, 'db'>,
  user: Pick<CurrentUser, 'id'>,
  scopes: string[],
  name = scopes.join(','),
): Promise<string> {
  const token = newPersonalAccessToken();
  await insertAccessToken(c.db, {
    userId: user.id,
    kind: 'personal',
    name,
    tokenDigest: digestToken(token),
    scopes,
  });
  return token;
}
