import { describe, expect, it } from 'vitest';
import { analyticsMayRun, driverControlled, shouldLoadAnalytics } from './should-load-analytics.ts';

describe('when the analytics counter loads (docs/product.md §1, §7)', () => {
  const all = { production: true, metrikaId: '98765432', consent: true, driverControlled: false };

  it.each([
    ['production, configured, consent given, not driven by automation', all, true],
    ['not production (development, the tests, e2e servers)', { ...all, production: false }, false],
    ['no counter configured', { ...all, metrikaId: null }, false],
    ['an empty counter id', { ...all, metrikaId: '' }, false],
    ['a counter id that is not a number', { ...all, metrikaId: '12<script>' }, false],
    ['no cookie consent yet', { ...all, consent: false }, false],
    ['driven by automation, even in production with consent', { ...all, driverControlled: true }, false],
    [
      'nothing at all',
      { production: false, metrikaId: undefined, consent: false, driverControlled: true },
      false,
    ],
  ])('%s → %s', (_name, conditions, expected) => {
    expect(shouldLoadAnalytics(conditions)).toBe(expected);
  });

  it('fetches none of its code where it can never count, whatever the consent will be', () => {
    const { consent: _, ...visit } = all;
    expect(analyticsMayRun(visit)).toBe(true);
    expect(analyticsMayRun({ ...visit, production: false })).toBe(false);
    expect(analyticsMayRun({ ...visit, metrikaId: null })).toBe(false);
    expect(analyticsMayRun({ ...visit, driverControlled: true })).toBe(false);
  });

  it('knows a browser driven by automation (navigator.webdriver)', () => {
    // jsdom has no navigator.webdriver: a unit test is not a browser driven by automation.
    expect(driverControlled()).toBe(false);
    Object.defineProperty(navigator, 'webdriver', { value: true, configurable: true });
    expect(driverControlled()).toBe(true);
    delete (navigator as { webdriver?: boolean }).webdriver;
  });
});
