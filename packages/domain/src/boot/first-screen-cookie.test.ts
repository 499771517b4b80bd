import { describe, expect, it } from 'vitest';
import {
  cookieValue,
  formatFirstScreenCookie,
  guessViewportWidth,
  parseFirstScreenCookie,
} from './first-screen-cookie.ts';

const choice = { whiteLabel: 'demo', cityId: 1, restoId: 3, method: 'TAKE_AWAY', locale: 'en' } as const;

describe('the first screen cookie', () => {
  it('reads back what it wrote, through a Cookie header', () => {
    const header = `a=1; storefront_choice=${formatFirstScreenCookie(choice)}; b=2`;
    expect(parseFirstScreenCookie(cookieValue(header, 'storefront_choice'))).toEqual(choice);
  });

  it('writes a value a cookie can carry', () => {
    expect(formatFirstScreenCookie(choice)).toMatch(/^[\w%.-]+$/);
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['not encoded right', '%E0%A4%A'],
    ['no restaurant', encodeURIComponent('w=demo&c=1&m=TAKE_AWAY&l=ru')],
    ['a zero id', encodeURIComponent('w=demo&c=0&r=3&m=TAKE_AWAY&l=ru')],
    ['an id past int4', encodeURIComponent('w=demo&c=1&r=2147483648&m=TAKE_AWAY&l=ru')],
    ['a method customers do not choose', encodeURIComponent('w=demo&c=1&r=3&m=COURIER&l=ru')],
    ['a language the storefront has not', encodeURIComponent('w=demo&c=1&r=3&m=TAKE_AWAY&l=de')],
    ['a brand with markup', encodeURIComponent('w=<x>&c=1&r=3&m=TAKE_AWAY&l=ru')],
    ['too long', 'x'.repeat(600)],
  ])('refuses a value that is %s', (_, value) => {
    expect(parseFirstScreenCookie(value)).toBeNull();
  });

  it.each([
    ['Mozilla/5.0 (Linux; Android 10; K) Chrome/120 Mobile Safari/537.36', 390],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', 390],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', 1024],
    ['Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36', 1280],
    ['', 390],
  ])('guesses the viewport of %s as %i px wide', (agent, width) => {
    expect(guessViewportWidth(agent)).toBe(width);
  });

  it('finds a cookie by its exact name only', () => {
    expect(cookieValue('xstorefront_choice=1; storefront_choice=2', 'storefront_choice')).toBe('2');
    expect(cookieValue('other=1', 'storefront_choice')).toBeUndefined();
    expect(cookieValue(undefined, 'storefront_choice')).toBeUndefined();
  });
});
