import { describe, expect, it } from 'vitest';
import { isEmailAddress, isPhoneNumber, isWebLink } from './resto-rules.ts';

describe('a restaurant’s contacts', () => {
  it('takes phone numbers as people write them, 7 to 15 digits', () => {
    expect(isPhoneNumber('+7 843 200-00-01')).toBe(true);
    expect(isPhoneNumber('+7 (843) 200-00-01')).toBe(true);
    expect(isPhoneNumber('88432000001')).toBe(true);
    expect(isPhoneNumber('200-01')).toBe(false);
    expect(isPhoneNumber('+7 843 200-00-01 доб. 5')).toBe(false);
    expect(isPhoneNumber('1234567890123456')).toBe(false);
  });

  it('takes e-mail addresses and http(s) links only', () => {
    expect(isEmailAddress('bauman@nori-nori.example')).toBe(true);
    expect(isEmailAddress('bauman@nori')).toBe(false);
    expect(isEmailAddress('a b@c.d')).toBe(false);
    expect(isWebLink('https://t.me/norinori_kazan')).toBe(true);
    expect(isWebLink('http://vk.com/x')).toBe(true);
    expect(isWebLink('javascript:alert(1)')).toBe(false);
    expect(isWebLink('mailto:a@b.c')).toBe(false);
    expect(isWebLink('vk.com/x')).toBe(false);
  });
});
