import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Random } from '../../clock';
import { ConflictError } from '../../errors';
import type { UsersService } from './users.service';

export const ROOT_PASSWORD_FILE = 'initial_root_password';

/**
 * On an instance without users, creates the administrator `root`, as GitLab does. Without
 * INITIAL_ROOT_PASSWORD a password is generated, written to DATA_DIR/initial_root_password (0600)
 * and returned so startup can print it once. Safe to call on every start and from several
 * processes at once: only one of them creates the account.
 */
export async function ensureRootUser(
  container: { users: Pick<UsersService, 'createUser' | 'hasUsers'>; random: Pick<Random, 'token'> },
  options: { initialRootPassword?: string; dataDir: string },
): Promise<{ created: boolean; password?: string }> {
  if (await container.users.hasUsers()) return { created: false };
  const generated = options.initialRootPassword ? undefined : container.random.token(16);
  try {
    await container.users.createUser({
      username: 'root',
      name: 'Administrator',
      email: 'admin@example.com',
      password: options.initialRootPassword ?? generated,
      admin: true,
    });
  } catch (error) {
    // Another process created it first.
    if (error instanceof ConflictError) return { created: false };
    throw error;
  }
  if (!generated) return { created: true };
  const file = path.join(options.dataDir, ROOT_PASSWORD_FILE);
  await mkdir(options.dataDir, { recursive: true });
  await writeFile(file, `${generated}\n`, { mode: 0o600 });
  // writeFile's mode applies only to a new file; an old one keeps its own.
  await chmod(file, 0o600);
  return { created: true, password: generated };
}
