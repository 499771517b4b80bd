import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, totpStepAt, totpUri } from './staff-totp.ts';

/** RFC 6238 Appendix B's SHA-1 seed, the ASCII "12345678901234567890". */
const RFC_SEED = Buffer.from('12345678901234567890', 'ascii');
const RFC_SECRET = base32Encode(RFC_SEED);

describe('TOTP (RFC 6238)', () => {
  it("gives the RFC's SHA-1 test vectors (8 digits) and their last 6 digits", () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) {
      expect(hotp(RFC_SEED, totpStepAt(seconds * 1000), 8), String(seconds)).toBe(code);
      expect(hotp(RFC_SEED, totpStepAt(seconds * 1000)), String(seconds)).toBe(code.slice(2));
    }
  });

  it('encodes base32 as RFC 4648 does and reads it back', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Decode(RFC_SECRET).equals(RFC_SEED)).toBe(true);
  });

  it('takes the code of the current step and one step either side, nothing further', () => {
    const at = 1111111111 * 1000;
    const step = totpStepAt(at);
    for (const offset of [-1, 0, 1])
      expect(matchTotp(RFC_SECRET, hotp(RFC_SEED, step + offset), at, null)).toBe(step + offset);
    for (const offset of [-2, 2])
      expect(matchTotp(RFC_SECRET, hotp(RFC_SEED, step + offset), at, null)).toBeNull();
    expect(matchTotp(RFC_SECRET, '050 471', at, null)).toBe(step);
    for (const typed of ['', '12345', '1234567', 'abcdef'])
      expect(matchTotp(RFC_SECRET, typed, at, null)).toBeNull();
  });

  it('refuses a code of the step already used, or of an earlier one (replay)', () => {
    const at = 1234567890 * 1000;
    const step = totpStepAt(at);
    const code = hotp(RFC_SEED, step);
    expect(matchTotp(RFC_SECRET, code, at, step - 1)).toBe(step);
    expect(matchTotp(RFC_SECRET, code, at, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, hotp(RFC_SEED, step - 1), at, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, hotp(RFC_SEED, step + 1), at, step)).toBe(step + 1);
  });

  it('writes the otpauth:// URI authenticator apps read', () => {
    expect(totpUri('demo', 'boss', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/demo:boss?secret=JBSWY3DPEHPK3PXP&issuer=demo&algorithm=SHA1&digits=6&period=30',
    );
  });
});
