import {
  BOOT_CLOCK_PATH,
  type BootChoice,
  bootMenuPaths,
  citiesPath,
  firstBootPaths,
} from '@storefront/domain';
import type { BrandConfig, LocationResponse } from '@storefront/domain/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  menuGroupsQuery,
  menuPositionsQuery,
  restoModifiersQuery,
  restoPromotionsQuery,
  restoTimeSlotsQuery,
  restoWorkingHoursQuery,
} from '../../entities/catalog/catalog-queries.ts';
import { clockStore } from '../../entities/clock/clock-store.ts';
import { citiesQuery, cityLocationQuery } from '../../entities/location/location-queries.ts';
import { selectionsStore } from '../../entities/location/selections-store.ts';
import {
  claimPrefetchedAnswer,
  type PrefetchedAnswer,
  rememberPrefetch,
} from '../../shared/prefetch/prefetched-answers.ts';

/**
 * The boot (docs/product.md §4) put into the query cache before the app's first render, from the answers the
 * page head already holds (decisions 33 and 34): a first visit's clock and cities, and a returning customer's
 * whole boot call. The app then draws the popup or the menu in one pass, instead of a splash and a render
 * for every answer in turn: on a cheap phone's single core each of those passes cost a task.
 *
 * Only answers that succeeded and were asked in the app's language are seeded; anything else is given back
 * to useBoot's queries, which read it or ask the server as before. Resolves false when not even the clock
 * and the cities could be seeded.
 */
export async function seedBootQueries(
  client: QueryClient,
  brand: Pick<BrandConfig, 'whiteLabel' | 'features'>,
  locale: string,
): Promise<boolean> {
  // Every boot, a first visit's too, starts with the clock and the cities (the head asks both).
  const [clock, cities] = await Promise.all(
    [BOOT_CLOCK_PATH, citiesPath(brand.whiteLabel)].map(claim(locale)),
  );
  const utc = (clock?.body as { utc_time?: unknown } | undefined)?.utc_time;
  const { sentAt, receivedAt } = clock?.answer ?? {};
  if (!clock || !cities || typeof utc !== 'string' || sentAt === undefined || receivedAt === undefined) {
    giveBack(clock, cities);
    return false;
  }
  clockStore.getState().sync(utc, sentAt, receivedAt);
  client.setQueryData(['now'], { utc_time: utc });
  client.setQueryData(citiesQuery(brand.whiteLabel).queryKey, cities.body as never);

  const { cityId, restoId, deliveryMethod: method } = selectionsStore.getState();
  if (cityId === null || restoId === null || method === null) return true;
  const choice = { whiteLabel: brand.whiteLabel, cityId, restoId, method };
  const paths = firstBootPaths(choice, brand.features.preOrder);
  const [location] = await Promise.all([paths.location].map(claim(locale)));
  if (!location) return true;
  client.setQueryData(cityLocationQuery(brand.whiteLabel, cityId).queryKey, location.body as never);

  const keys = restoAndMenuQueryKeys(choice, brand.features.preOrder, location.body as LocationResponse);
  const rest = await Promise.all(keys.map(([path]) => claim(locale)(path)));
  keys.forEach(([, key], index) => {
    const answer = rest[index];
    if (answer) client.setQueryData(key, answer.body);
  });
  return true;
}

/**
 * The query of each boot path after the city's location (docs/product.md §4): the restaurant's promotions,
 * modifiers, time slots and working hours, then the method's menus. The server's first screen fills its cache
 * by the same list (server-render/render-first-screen.tsx), so the two caches cannot differ.
 */
export function restoAndMenuQueryKeys(
  choice: BootChoice,
  preOrder: boolean,
  location: LocationResponse,
): [string, QueryKey][] {
  const { restoId } = choice;
  const paths = firstBootPaths(choice, preOrder);
  const restoKeys: Record<string, QueryKey> = {
    modifiers: restoModifiersQuery(restoId).queryKey,
    'position-time-slots': restoTimeSlotsQuery(restoId).queryKey,
    'working-hours': restoWorkingHoursQuery(restoId).queryKey,
  };
  const restoPaths: [string, QueryKey][] = [
    [paths.promotions, restoPromotionsQuery(restoId).queryKey],
    ...paths.resto.flatMap((path): [string, QueryKey][] => {
      const key = restoKeys[path.slice(path.lastIndexOf('/') + 1)];
      return key ? [[path, key]] : [];
    }),
  ];
  const menuPaths: [string, QueryKey][] = bootMenuPaths(choice, location).map((path) => {
    const [, id, kind] = /\/(\d+)\/([\w-]+)$/.exec(path) ?? [];
    const menuId = Number(id);
    return [path, (kind === 'positions' ? menuPositionsQuery : menuGroupsQuery)(menuId).queryKey];
  });
  return [...restoPaths, ...menuPaths];
}

interface Seedable {
  path: string;
  answer: PrefetchedAnswer;
  body: unknown;
}

/**
 * The head's answer for a path when it can be seeded: a success, asked in the app's language, its body
 * parsed (the boot call's already are; a first visit's are parsed here). Anything else is given back.
 */
function claim(locale: string): (path: string) => Promise<Seedable | undefined> {
  return async (path) => {
    const answer = await claimPrefetchedAnswer(path);
    if (!answer) return undefined;
    const ok = answer.status === undefined ? answer.response.ok : answer.status >= 200 && answer.status < 300;
    let body = answer.body;
    if (ok && answer.locale === locale && body === undefined)
      body = await answer.response
        .clone()
        .json()
        .catch(() => undefined);
    if (!ok || answer.locale !== locale || body === undefined) {
      rememberPrefetch(path, Promise.resolve(answer));
      return undefined;
    }
    // Not spread: the answer's Response is made only when read (boot-requests.ts).
    return { path, answer, body };
  };
}

/** Answers claimed but not seeded stay for the query that asks for them (it reads their Response). */
function giveBack(...claimed: (Seedable | undefined)[]): void {
  for (const seedable of claimed)
    if (seedable) rememberPrefetch(seedable.path, Promise.resolve(seedable.answer));
}
