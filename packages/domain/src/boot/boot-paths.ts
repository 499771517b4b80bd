import { type MethodMenu, menusFor } from '../methods/menus-for.ts';
import type { CustomerDeliveryMethod } from '../methods/methods.ts';

/** What a returning customer saved (docs/product.md §3): enough to know every request of their boot. */
export interface BootChoice {
  whiteLabel: string;
  cityId: number;
  restoId: number;
  method: CustomerDeliveryMethod;
}

/** docs/product.md §4 'Clock': the server's time. */
export const BOOT_CLOCK_PATH = '/1/now';
/** The prefix of the cities' path, whose brand a first visit knows only from the config (decision 34). */
export const BOOT_CITIES_PATHS = '/1/p/cities?';

/** docs/product.md §4 'Boot': the brand's cities, asked by every boot, a first visit's too. */
export function citiesPath(whiteLabel: string): string {
  return `${BOOT_CITIES_PATHS}whiteLabel=${encodeURIComponent(whiteLabel)}`;
}

/** The prefix of the menu paths, which only the city's location answer makes known. */
export const BOOT_MENU_PATHS = '/1/p/menus/';

/**
 * docs/product.md §4 'Boot' as paths, in the storefront's own spelling (its location and catalog queries): what can
 * be asked at once. Working hours only when the brand takes pre-orders. The page head asks them for a
 * returning customer (decision 30), and the boot call answers them in one (decision 33).
 */
export function firstBootPaths(
  choice: BootChoice,
  preOrder: boolean,
): { clock: string; cities: string; location: string; promotions: string; resto: string[] } {
  const label = encodeURIComponent(choice.whiteLabel);
  const resto = `/1/restos/${choice.restoId}`;
  return {
    clock: BOOT_CLOCK_PATH,
    cities: citiesPath(choice.whiteLabel),
    location: `/1/p/location?cityId=${choice.cityId}&whiteLabel=${label}`,
    promotions: `${resto}/promotions`,
    resto: [
      `${resto}/positions/modifiers`,
      `${resto}/position-time-slots`,
      ...(preOrder ? [`${resto}/working-hours`] : []),
    ],
  };
}

/** What the city's location answer makes possible: the saved restaurant's menus for the saved method. */
export function bootMenuPaths(
  choice: Pick<BootChoice, 'restoId' | 'method'>,
  location: { restos: readonly { id: number; menus: readonly (MethodMenu & { id: number })[] }[] },
): string[] {
  const resto = location.restos.find((r) => r.id === choice.restoId) ?? null;
  return menusFor(resto, choice.method).flatMap((menu) => [
    `${BOOT_MENU_PATHS}${menu.id}/position-groups`,
    `${BOOT_MENU_PATHS}${menu.id}/positions`,
  ]);
}
