import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('password hashes', () => {
  it('stores scrypt at the server’s cost with its own salt, and verifies only the same password', async () => {
    const [first, second] = [await hashPassword('correct horse'), await hashPassword('correct horse')];
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse', first)).toBe(true);
    expect(await verifyPassword('correct horse!', first)).toBe(false);
  });

  it('verifies a hash by the cost it records, so a cost can change without breaking stored ones', async () => {
    const cheap = await hashPassword('battery staple', { N: 1024, r: 8, p: 1 });
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('battery staple', cheap)).toBe(true);
    expect(await verifyPassword('battery', cheap)).toBe(false);
  });

  it.each([null, '', 'bcrypt$x', 'scrypt$16384$8$1$salt'])(
    'refuses every password against %j',
    async (stored) => {
      expect(await verifyPassword('anything', stored)).toBe(false);
    },
  );
});
