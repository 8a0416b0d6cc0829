import { randomBytes, scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;
export type PasswordHashCost = { N: number; r: number; p: number };
const PARAMS: PasswordHashCost = { N: 16384, r: 8, p: 1 };

function scryptAsync(password: BinaryLike, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * `scrypt$N$r$p$salt$hash`, so the cost can be raised later without breaking stored hashes. Only
 * the test factories ask for a lower cost (as Devise's tests lower bcrypt's): their thousands of
 * throw-away accounts would otherwise spend a minute of CPU per run hashing.
 */
export async function hashPassword(password: string, cost: PasswordHashCost = PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
