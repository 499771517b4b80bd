import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashStaffPassword, needsRehash, STAFF_SCRYPT, verifyStaffPassword } from './staff-passwords.ts';

describe('staff passwords', () => {
  it("hashes at OWASP's scrypt minimum or above (N ≥ 2^17, r ≥ 8, p ≥ 1)", () => {
    expect(STAFF_SCRYPT.N).toBeGreaterThanOrEqual(2 ** 17);
    expect(STAFF_SCRYPT.r).toBeGreaterThanOrEqual(8);
    expect(STAFF_SCRYPT.p).toBeGreaterThanOrEqual(1);
  });

  it('hashes with a fresh salt into $scrypt$N$r$p$salt$hash and verifies the same password only', async () => {
    const stored = await hashStaffPassword('correct horse battery');
    expect(stored).toMatch(/^\$scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(stored).not.toContain('correct');
    expect(await verifyStaffPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyStaffPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyStaffPassword('', stored)).toBe(false);
    // A new salt each time: two hashes of one password differ.
    expect(await hashStaffPassword('correct horse battery')).not.toBe(stored);
    expect(needsRehash(stored)).toBe(false);
  });

  it('reads the parameters from the stored string, so hashes made with other ones still verify', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('пароль для смены', salt, 32, { N: 2 ** 10, r: 8, p: 1 });
    const older = `$scrypt$1024$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    expect(await verifyStaffPassword('пароль для смены', older)).toBe(true);
    expect(await verifyStaffPassword('пароль для смены!', older)).toBe(false);
    expect(needsRehash(older)).toBe(true);
    expect(STAFF_SCRYPT.N).toBe(2 ** 17);
    // Yesterday's parameters (N = 2^15) verify too, and are marked for an upgrade.
    const salt15 = randomBytes(16);
    const key15 = scryptSync('пароль для смены', salt15, 32, {
      N: 2 ** 15,
      r: 8,
      p: 1,
      maxmem: 64 * 1024 * 1024,
    });
    const v15 = `$scrypt$32768$8$1$${salt15.toString('base64url')}$${key15.toString('base64url')}`;
    expect(await verifyStaffPassword('пароль для смены', v15)).toBe(true);
    expect(needsRehash(v15)).toBe(true);
  });

  it('compares the NFC form: a composed and a decomposed letter are one password', async () => {
    const stored = await hashStaffPassword('Ёлка-пароль-1');
    expect(await verifyStaffPassword('Ёлка-пароль-1'.normalize('NFD'), stored)).toBe(true);
  });

  it('matches nothing against a stored value that is not a sane scrypt hash', async () => {
    const salt = randomBytes(16).toString('base64url');
    const hash = randomBytes(32).toString('base64url');
    for (const stored of [
      '',
      '$test$',
      'plain-password',
      `$scrypt$1000$8$1$${salt}$${hash}`, // N not a power of two
      `$scrypt$${2 ** 22}$8$1$${salt}$${hash}`, // N beyond the bound: no gigabyte allocations
      `$scrypt$1024$0$1$${salt}$${hash}`,
      `$bcrypt$1024$8$1$${salt}$${hash}`,
    ])
      expect(await verifyStaffPassword('plain-password', stored), stored).toBe(false);
  });
});
