import { z } from 'zod';
import type { BootChoice } from '../boot/boot-paths.ts';
import type { Locale } from '../i18n/locale.ts';
import type { PublicConfig } from './brand-config.ts';
import type { CityListItem } from './cities.ts';
import { customerDeliveryMethod, idParam, whiteLabelId } from './common.ts';

/**
 * GET /1/p/boot — a returning customer's whole boot (docs/product.md §4) in one answer (decision 33): for the saved
 * city, restaurant and method, every call the storefront's boot makes, each answered exactly as that call
 * answers on its own (status and body), in the request's language. The page head asks it once instead of
 * a dozen calls, so on HTTP/1.1 and a slow network the app's own scripts do not share the line with them.
 */
export const bootQuery = z.object({
  cityId: idParam,
  restoId: idParam,
  method: customerDeliveryMethod,
  whiteLabel: whiteLabelId.optional(),
});
export type BootQuery = z.infer<typeof bootQuery>;

export const bootAnswer = z.object({
  /** The call, as the storefront spells it (path and query). */
  path: z.string(),
  /** Its HTTP status: 200, or the error it answers on its own (404 for a restaurant that is gone). */
  status: z.number().int(),
  /** Its JSON body: the answer, or `{errors:[…]}`. */
  body: z.unknown(),
});
export type BootAnswer = z.infer<typeof bootAnswer>;

export const bootResponse = z.object({ answers: z.array(bootAnswer) });
export type BootResponse = z.infer<typeof bootResponse>;

/**
 * What the storefront's server build draws a returning customer's home from (decision 44): the API calls it,
 * apps/web/src/app/server-render/render-first-screen.tsx answers it.
 */
export interface FirstScreenInput {
  /** The page's path: home ('/'). */
  path: string;
  config: PublicConfig;
  locale: Locale;
  choice: BootChoice;
  /** The user agent the page was asked with: the app banner's store and the guessed viewport. */
  userAgent: string;
  /** The boot call's answers for this choice, in this language. */
  answers: readonly BootAnswer[];
}

/** What the server build draws a first visit's location popup from. */
export interface FirstVisitInput {
  config: PublicConfig;
  locale: Locale;
  /** The brand's cities as GET /1/p/cities answers them. */
  cities: readonly CityListItem[];
  userAgent: string;
}

/** The storefront's server build, as the API imports it. */
export interface FirstScreenDrawings {
  /** Markup of home, or null when an answer the screen needs is missing or failed. */
  renderFirstScreen(input: FirstScreenInput): Promise<string | null>;
  /** Markup of the location popup, open. */
  renderFirstVisitPopup(input: FirstVisitInput): Promise<string>;
}
