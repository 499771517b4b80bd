import { BOOT_CITIES_PATHS, BOOT_CLOCK_PATH, citiesPath } from '@storefront/domain';
import type { PublicConfig } from '@storefront/domain/contracts';
import { CONFIG_PATH } from '../../shared/config-path.ts';
import { rememberPlan, rememberPrefetch } from '../../shared/prefetch/prefetched-answers.ts';
import { requestOptions } from './boot-requests.ts';

/**
 * A first visit's boot asks the clock and the brand's cities before the location popup can open: the head
 * asks them as soon as the config names the brand, so they arrive while the bundle still downloads instead of
 * a round trip after it (decision 34). The clock's path is promised at once; the cities' path names the brand,
 * so a claimer waits for the plan under its prefix.
 */
export function startFirstVisitRequests(configResponse: Promise<Response>): void {
  const config = configResponse.then(async (response) => {
    if (!response.ok) throw new Error(`${CONFIG_PATH}: ${response.status}`);
    const brand = (await response.clone().json()) as PublicConfig;
    return { whiteLabel: brand.whiteLabel, ...requestOptions(brand) };
  });
  const get = (base: string, path: string, locale: string) =>
    fetch(`${base}${path}`, {
      mode: 'cors',
      headers: { accept: 'application/json', 'accept-language': locale },
    });
  rememberPrefetch(
    BOOT_CLOCK_PATH,
    config.then(async ({ base, locale }) => {
      const sentAt = Date.now();
      const response = await get(base, BOOT_CLOCK_PATH, locale);
      return { locale, response, sentAt, receivedAt: Date.now() };
    }),
  );
  rememberPlan(
    BOOT_CITIES_PATHS,
    config.then(({ base, locale, whiteLabel }) => {
      const path = citiesPath(whiteLabel);
      rememberPrefetch(
        path,
        get(base, path, locale).then((response) => ({ locale, response })),
      );
    }),
  );
}
