import { bootMenuPaths, firstBootPaths } from '@storefront/domain';
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
 * A returning customer's boot (docs/product.md §4) put into the query cache before the app's first render,
 * from the boot call's answers the page head already holds (decisions 33 and 34). The app then draws the
 * menu in one pass, instead of a splash and a render for every answer in turn: on a cheap phone's single
 * core each of those passes cost a task.
 *
 * Only answers the head parsed (`body`), that succeeded and that were asked in the app's language are
 * seeded; anything else is left to useBoot's queries, which ask the server as before. Resolves false when
 * nothing could be seeded (a first visit, another brand, the boot call lost).
 */
export async function seedBootQueries(
  client: QueryClient,
  brand: Pick<BrandConfig, 'whiteLabel' | 'features'>,
  locale: string,
): Promise<boolean> {
  const { cityId, restoId, deliveryMethod: method } = selectionsStore.getState();
  if (cityId === null || restoId === null || method === null) return false;
  const choice = { whiteLabel: brand.whiteLabel, cityId, restoId, method };
  const paths = firstBootPaths(choice, brand.features.preOrder);

  const usable = (answer: PrefetchedAnswer | undefined) =>
    answer !== undefined &&
    answer.body !== undefined &&
    answer.status !== undefined &&
    answer.status >= 200 &&
    answer.status < 300 &&
    answer.locale === locale;
  const [clock, cities, location] = await Promise.all(
    [paths.clock, paths.cities, paths.location].map(claimPrefetchedAnswer),
  );
  const clockBody = clock?.body as { utc_time?: unknown } | undefined;
  if (
    !usable(clock) ||
    !usable(cities) ||
    !usable(location) ||
    typeof clockBody?.utc_time !== 'string' ||
    clock?.sentAt === undefined ||
    clock.receivedAt === undefined
  ) {
    giveBack([paths.clock, clock], [paths.cities, cities], [paths.location, location]);
    return false;
  }

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
  const menuPaths: [string, QueryKey][] = bootMenuPaths(choice, location?.body as LocationResponse).map(
    (path) => {
      const [, id, kind] = /\/(\d+)\/([\w-]+)$/.exec(path) ?? [];
      const menuId = Number(id);
      return [path, (kind === 'positions' ? menuPositionsQuery : menuGroupsQuery)(menuId).queryKey];
    },
  );
  const rest = await Promise.all([...restoPaths, ...menuPaths].map(([path]) => claimPrefetchedAnswer(path)));

  clockStore.getState().sync(clockBody.utc_time, clock.sentAt, clock.receivedAt);
  client.setQueryData(['now'], { utc_time: clockBody.utc_time });
  client.setQueryData(citiesQuery(brand.whiteLabel).queryKey, cities?.body as never);
  client.setQueryData(cityLocationQuery(brand.whiteLabel, cityId).queryKey, location?.body as never);
  [...restoPaths, ...menuPaths].forEach(([path, key], index) => {
    const answer = rest[index];
    if (usable(answer)) client.setQueryData(key, answer?.body);
    else giveBack([path, answer]);
  });
  return true;
}

/** Answers claimed but not seeded stay for the query that asks for them (it reads their Response). */
function giveBack(...claimed: [string, PrefetchedAnswer | undefined][]): void {
  for (const [path, answer] of claimed) if (answer) rememberPrefetch(path, Promise.resolve(answer));
}
