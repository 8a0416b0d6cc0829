import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { ensureRootUser, ROOT_PASSWORD_FILE } from './bootstrap-root';

describe('ensureRootUser', () => {
  let t: TestApp;
  afterEach(() => t.close());

  const signIn = (login: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/users/sign_in', payload: { login, password } });
  const rootRows = () =>
    queryRows<{ name: string; email: string; admin: boolean }>(
      t.container.db,
      sql`select name, email, admin from users where username = 'root'`,
    );
  const passwordFile = () => path.join(t.dataDir, ROOT_PASSWORD_FILE);

  it('creates the administrator root with a generated password, written once to a 0600 file', async () => {
    t = await createTestApp();
    const result = await ensureRootUser(t.container, { dataDir: t.dataDir });
    expect(result.created).toBe(true);
    expect(result.password).toMatch(/^[0-9a-f]{32}$/);
    expect(await rootRows()).toEqual([{ name: 'Administrator', email: 'admin@example.com', admin: true }]);
    expect(await readFile(passwordFile(), 'utf8')).toBe(`${result.password}\n`);
    expect((await stat(passwordFile())).mode & 0o777).toBe(0o600);
    expect((await signIn('root', result.password ?? '')).statusCode).toBe(200);

    expect(await ensureRootUser(t.container, { dataDir: t.dataDir })).toEqual({ created: false });
    expect(await readFile(passwordFile(), 'utf8')).toBe(`${result.password}\n`);
    expect(await rootRows()).toHaveLength(1);
  });

  it('uses INITIAL_ROOT_PASSWORD when given, and writes no file', async () => {
    t = await createTestApp();
    const result = await ensureRootUser(t.container, {
      dataDir: t.dataDir,
      initialRootPassword: 'chosen by the operator',
    });
    expect(result).toEqual({ created: true });
    await expect(stat(passwordFile())).rejects.toThrow(/ENOENT/);
    expect((await signIn('admin@example.com', 'chosen by the operator')).statusCode).toBe(200);
  });

  it('creates root only once when several processes start together', async () => {
    t = await createTestApp();
    const results = await Promise.all([
      ensureRootUser(t.container, { dataDir: t.dataDir }),
      ensureRootUser(t.container, { dataDir: t.dataDir }),
    ]);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await rootRows()).toHaveLength(1);
  });

  it('leaves an instance that already has users alone', async () => {
    t = await createTestApp();
    await buildUser(t.container);
    expect(await ensureRootUser(t.container, { dataDir: t.dataDir })).toEqual({ created: false });
    expect(await rootRows()).toEqual([]);
  });
});
