import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePhone, smsCodeIssue } from './phone-sign-in.ts';

describe('normalizePhone', () => {
  it.each([
    '8 (912) 345-67-89',
    '+7 912 345 67 89',
    '9123456789',
    '79123456789',
    '+7(912)345-67-89',
    ' +7 912 345\u00a067 89 ',
    '8.912.345.67.89',
  ])('reads %j as +79123456789', (input) => {
    expect(normalizePhone(input)).toEqual({ ok: true, phone: '+79123456789' });
  });

  it('asks for a phone when there is none', () => {
    for (const input of [undefined, null, '', '   ', 42])
      expect(normalizePhone(input)).toEqual({ ok: false, issue: 'phone.required' });
  });

  it.each([
    'abc',
    '+1 912 345 67 89',
    '8 (812) 345-67-89',
    '912345678',
    '891234567890',
    '+7 912 345 67 8a',
    '++79123456789',
    '9'.repeat(60),
  ])('refuses %j as incorrect', (input) => {
    expect(normalizePhone(input)).toEqual({ ok: false, issue: 'phone.invalid' });
  });

  it('answers only normalised phones, and the same one for every way of writing it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^9\d{9}$/), fc.constantFrom('+7', '8', '7', ''), (digits, prefix) => {
        const spaced = `${prefix} (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`;
        const result = normalizePhone(spaced);
        expect(result).toEqual({ ok: true, phone: `+7${digits}` });
        // As stored and as the API answers it.
        if (result.ok) expect(result.phone).toMatch(/^\+79\d{9}$/);
      }),
    );
  });
});

describe('smsCodeIssue', () => {
  it('names what is wrong with a code', () => {
    expect(smsCodeIssue(undefined)).toBe('sms-code.required');
    expect(smsCodeIssue('')).toBe('sms-code.required');
    expect(smsCodeIssue('123')).toBe('sms-code.too-short');
    expect(smsCodeIssue('12a456')).toBe('sms-code.invalid');
    expect(smsCodeIssue('1234567')).toBe('sms-code.invalid');
    expect(smsCodeIssue('123456')).toBeUndefined();
    expect(smsCodeIssue(' 123456 ')).toBeUndefined();
  });
});
