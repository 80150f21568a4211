import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1, keyLength: 32 } as const;

function scryptAsync(
  secret: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** scrypt hash with its parameters and salt, so they can change without breaking stored hashes. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, PARAMS.keyLength, { N: PARAMS.N, r: PARAMS.r, p: PARAMS.p });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * A well-formed hash with the current parameters that no secret matches (its key is all zeros).
 * Checking against it when the client id or e-mail is unknown costs what checking a known one costs,
 * so the answer's timing cannot tell which ids exist.
 */
export const DUMMY_SECRET_HASH = [
  'scrypt',
  PARAMS.N,
  PARAMS.r,
  PARAMS.p,
  Buffer.alloc(16).toString('base64'),
  Buffer.alloc(PARAMS.keyLength).toString('base64'),
].join('$');

/** Verifies `secret` against `stored`, or against the dummy hash when there is none (then always false). */
export async function verifySecretOrDummy(secret: string, stored: string | null): Promise<boolean> {
  const valid = await verifySecret(secret, stored ?? DUMMY_SECRET_HASH);
  return valid && stored !== null;
}

/** Constant-time check of a secret against a stored hash. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(secret, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A random, URL-safe secret of `bytes` bytes of entropy. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
