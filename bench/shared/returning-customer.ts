// The storage a returning customer's browser holds after a saved choice (docs/product.md §2): the brand and storage
// version, Kazan, restaurant 1, take-away, cookies accepted. The benches that load the storefront as a
// returning customer put these into localStorage before the page's own scripts run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_SCREEN_COOKIE, formatFirstScreenCookie } from '@storefront/domain';
import { ROOT } from './processes.ts';

const storageVersion = (() => {
  const keys = readFileSync(join(ROOT, 'apps/web/src/shared/storage/keys.ts'), 'utf8');
  const version = /STORAGE_VERSION\s*=\s*'([^']+)'/.exec(keys)?.[1];
  if (!version) throw new Error('STORAGE_VERSION not found in apps/web/src/shared/storage/keys.ts');
  return version;
})();

export const RETURNING_CUSTOMER: Record<string, string> = {
  app_white_label: 'demo',
  app_version: storageVersion,
  city_id: '1',
  resto_id: '1',
  order_delivery_method: '"TAKE_AWAY"',
  person_cookies_consent_accepted: 'true',
};

/**
 * The cookie the storefront writes beside that storage (decision 44): with it the server sends the returning
 * customer's first screen already drawn, as it would at any visit after the first.
 */
export const RETURNING_CUSTOMER_COOKIE = {
  name: FIRST_SCREEN_COOKIE,
  value: formatFirstScreenCookie({
    whiteLabel: 'demo',
    cityId: 1,
    restoId: 1,
    method: 'TAKE_AWAY',
    locale: 'ru',
  }),
};
