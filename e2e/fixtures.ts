import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test as base, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { type ClockName, serverLog, serverURL } from './clocks.ts';

export { expect };

/** The storage version the storefront writes (apps/web/src/shared/storage/keys.ts). */
export const STORAGE_VERSION = (() => {
  const keys = readFileSync(resolve(import.meta.dirname, '../apps/web/src/shared/storage/keys.ts'), 'utf8');
  const version = /STORAGE_VERSION\s*=\s*'([^']+)'/.exec(keys)?.[1];
  if (!version) throw new Error('STORAGE_VERSION not found in keys.ts');
  return version;
})();

/**
 * Which server, and so which clock, a journey runs against (e2e/clocks.ts): the page reads that server's
 * `/1/now`, so the page and every rule the server applies share one clock (decision 9).
 */
export const test = base.extend<{ clock: ClockName }>({
  clock: ['noon', { option: true }],
  baseURL: async ({ clock }, use) => {
    await use(serverURL(clock));
  },
  // Every journey runs under the Content-Security-Policy the server sends, enforced (decision 25), and
  // fails on any violation: a blocked script, picture, call or frame is a bug of the policy or the page.
  page: async ({ page }, use) => {
    const violations = await watchCspViolations(page);
    await use(page);
    expect(violations, 'Content-Security-Policy violations on the page').toEqual([]);
  },
});

const CSP_MARK = '[csp-violation]';

/**
 * Collects CSP violations of a page across its navigations: each document reports its
 * `securitypolicyviolation` events to the console (an init script runs in every new document), and
 * Chromium's own 'Refused to … Content Security Policy' console errors are caught as well.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (text.startsWith(CSP_MARK) || text.includes('Content Security Policy')) violations.push(text);
  });
  await page.addInitScript((mark) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `${mark} ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  }, CSP_MARK);
  return violations;
}

/** A full-page screenshot kept with the test's artifacts (and attached to the HTML report). */
export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: false });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

export const locationDialog = (page: Page) => page.getByRole('dialog', { name: 'Адрес' });

/**
 * The method toggle and the pickup points are radios hidden under their labels (the label takes the
 * click, as for a person); click the label that wraps the radio.
 */
export async function chooseRadio(radio: Locator): Promise<void> {
  await radio.locator('xpath=ancestor::label[1]').click();
  await expect(radio).toBeChecked();
}

/** Storage of a customer who chose Kazan and pickup at restaurant 1 on an earlier visit. */
export async function asReturningCustomer(page: Page, extra: Record<string, string> = {}): Promise<void> {
  const stored = {
    app_white_label: 'demo',
    app_version: STORAGE_VERSION,
    city_id: '1',
    resto_id: '1',
    order_delivery_method: '"TAKE_AWAY"',
    ...extra,
  };
  await page.addInitScript((values) => {
    // Only before the first load: later loads must see what the app itself wrote.
    if (localStorage.getItem('app_white_label') !== null) return;
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, stored);
}

/** The Kazan main menu is rendered: its first groups and the synthetic 'Прочее' group after them. */
export async function expectKazanMenu(
  page: Page,
  headings: readonly string[] = ['Роллы', 'Запечённые роллы', 'Суши и нигири', 'Прочее'],
): Promise<void> {
  for (const name of headings)
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
}

export async function storage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...localStorage }));
}

/**
 * The last sign-in code the `log` SMS sender wrote for a phone (each server logs JSON lines to its own
 * file, e2e/clocks.ts). The line lands right after the request is answered. The log masks the phone; the
 * line's ref is the start of the phone's SHA-256 (apps/api/src/integrations/sms/log-sms-sender.ts).
 */
export async function smsCodeFor(phone: string, clock: ClockName = 'noon'): Promise<string> {
  const file = resolve(serverLog(clock));
  const ref = createHash('sha256').update(phone).digest('hex').slice(0, 12);
  const lastCode = () => {
    const lines = readFileSync(file, 'utf8').split('\n').reverse();
    for (const line of lines) {
      if (!line.includes('"sms"')) continue;
      const entry = JSON.parse(line) as { sms?: { ref?: string; text?: string } };
      const code = entry.sms?.ref === ref ? /\b(\d{6})\b/.exec(entry.sms.text ?? '')?.[1] : undefined;
      if (code) return code;
    }
    return undefined;
  };
  // Polled as long as any other wait of the suite: under load the line can land late.
  await expect.poll(lastCode, { message: `an SMS code for ${phone} in ${file}` }).toBeDefined();
  return lastCode() as string;
}
