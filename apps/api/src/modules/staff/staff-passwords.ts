import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Staff passwords, hashed with scrypt (memory-hard, ASVS 11.4.2) and stored as
 * `$scrypt$N$r$p$salt$hash` (salt and hash base64url). Verification reads N, r and p from the stored
 * string, so the parameters can be raised later without breaking existing hashes (needsRehash tells a
 * sign-in to upgrade one). scrypt runs on libuv's thread pool: a sign-in never blocks the event loop.
 */

/**
 * N = 2^17, r = 8, p = 1: OWASP's Password Storage Cheat Sheet minimum for scrypt (128 MiB, about 0.4 s per
 * hash on one core). node:crypto has no argon2id on Node 20, scrypt is what it offers at that level.
 */
export const STAFF_SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

/**
 * Bounds on parameters read back from the database: a damaged or hostile row must not make a sign-in
 * allocate gigabytes or spin for minutes. Raising the defaults above means raising these too.
 */
const LIMITS = { maxLogN: 20, maxR: 32, maxP: 16 } as const;

const STORED_SHAPE =
  /^\$scrypt\$(\d{1,8})\$(\d{1,3})\$(\d{1,3})\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{16,})$/;

interface ScryptParameters {
  N: number;
  r: number;
  p: number;
}

/**
 * Node refuses scrypt above `maxmem` (default 32 MiB), and N=2^17 with r=8 needs 128·N·r = 128 MiB plus a
 * little: give it twice what the parameters need.
 */
const maxmemFor = ({ N, r, p }: ScryptParameters) => 2 * 128 * r * (N + p);

/** Passwords are compared as NFC UTF-8: the same word typed on two keyboards gives the same bytes. */
const passwordBytes = (password: string) => Buffer.from(password.normalize('NFC'), 'utf8');

function derive(password: string, salt: Buffer, parameters: ScryptParameters, keyLength: number) {
  const options: ScryptOptions = { ...parameters, maxmem: maxmemFor(parameters) };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(passwordBytes(password), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** A new salted hash of the password with the current parameters. */
export async function hashStaffPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, STAFF_SCRYPT, KEY_BYTES);
  const { N, r, p } = STAFF_SCRYPT;
  return `$scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

function parseStored(stored: string) {
  const match = STORED_SHAPE.exec(stored);
  if (!match) return null;
  const [, n, r, p, salt, hash] = match as unknown as [string, string, string, string, string, string];
  const parameters = { N: Number(n), r: Number(r), p: Number(p) };
  const isPowerOfTwo = parameters.N > 1 && (parameters.N & (parameters.N - 1)) === 0;
  if (
    !isPowerOfTwo ||
    parameters.N > 2 ** LIMITS.maxLogN ||
    parameters.r < 1 ||
    parameters.r > LIMITS.maxR ||
    parameters.p < 1 ||
    parameters.p > LIMITS.maxP
  )
    return null;
  return { parameters, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

/**
 * Whether the password matches the stored hash, compared in constant time. A stored value that is not a
 * scrypt hash of this shape (a test row, a damaged one) matches nothing, after the same work as a real
 * check, so such an account cannot be told apart by timing either.
 */
export async function verifyStaffPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored);
  if (!parsed) {
    await verifyAgainstDummy(password);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed.parameters, parsed.hash.length);
  return timingSafeEqual(key, parsed.hash);
}

/** Whether a stored hash was made with other parameters than today's: a sign-in may then store a new one. */
export function needsRehash(stored: string): boolean {
  const parsed = parseStored(stored);
  if (!parsed) return false;
  const { N, r, p } = parsed.parameters;
  return (
    N !== STAFF_SCRYPT.N || r !== STAFF_SCRYPT.r || p !== STAFF_SCRYPT.p || parsed.hash.length !== KEY_BYTES
  );
}

let dummyHash: Promise<string> | undefined;

/**
 * The work of a real check against a hash no password matches: a sign-in with an unknown login costs what
 * a wrong password costs, so the answer's timing does not tell which logins exist. The hash is made once,
 * from random bytes, on first use.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashStaffPassword(randomBytes(24).toString('base64url'));
  const parsed = parseStored(await dummyHash);
  if (!parsed) return;
  const key = await derive(password, parsed.salt, parsed.parameters, parsed.hash.length);
  timingSafeEqual(key, parsed.hash);
}
