import { test as base } from '@playwright/test';
import { serverURL } from './clocks.ts';
import { expect, watchCspViolations } from './fixtures.ts';

/**
 * The watch every journey runs under (e2e/fixtures.ts) must see what the policy blocks, or a journey
 * passing under it proves nothing: an inline script and a picture from an origin the brand does not use
 * are blocked and reported, and the page still works.
 */
base(
  'the policy blocks an inline script and a foreign picture, and the journeys’ watch reports both',
  async ({ page }) => {
    const violations = await watchCspViolations(page);
    const answer = await page.goto(serverURL('noon'));
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(answer?.headers()['x-frame-options']).toBe('DENY');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
      const picture = document.createElement('img');
      picture.src = 'https://tracker.invalid/pixel.gif';
      document.body.append(picture);
    });
    await expect.poll(() => violations.length).toBeGreaterThanOrEqual(2);
    expect(violations.join('\n')).toMatch(/script-src/);
    expect(violations.join('\n')).toMatch(/img-src blocked https:\/\/tracker\.invalid/);
    expect(await page.evaluate(() => (window as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
  },
);
