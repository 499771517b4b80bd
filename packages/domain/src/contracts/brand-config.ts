import { z } from 'zod';
import { TOKEN_SOURCES } from '../auth/session-rules.ts';
import { LOCALES } from '../i18n/locale.ts';
import { FREE_CONDIMENT_PER_PERSON_MAX, FREE_CONDIMENTS_MAX } from '../selling/selling-constants.ts';
import { customerDeliveryMethod, id, localizedText, whiteLabelId } from './common.ts';

const url = z.url();
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #5bd0a4');

/**
 * What a chain configures in brands/<id>/brand.json. All of it is public: it is served to the
 * storefront as /config.json. Secrets (SMS gateway, payment keys) come from the environment only.
 */
export const brandConfig = z.object({
  whiteLabel: whiteLabelId,
  name: localizedText,
  logo: z.string(),
  favicon: z.string(),
  theme: z.object({
    mode: z.enum(['dark', 'light']).default('dark'),
    primary: colour.default('#5bd0a4'),
    background: colour.optional(),
    surface: colour.optional(),
    text: colour.optional(),
  }),
  locales: z.array(z.enum(LOCALES)).min(1),
  defaultLocale: z.enum(LOCALES).default('ru'),
  features: z.object({
    auth: z.array(z.enum(TOKEN_SOURCES)),
    personCount: z.boolean(),
    promoCodes: z.boolean(),
    preOrder: z.boolean(),
    /** Minutes between pre-order slots on the restaurant's clock (15 when not set). */
    preOrderSlotMinutes: z.number().int().min(5).max(120).optional(),
  }),
  /**
   * Condiments each person of an order gets free (decision 56): the server adds them as 0 ₽ lines by the person
   * count; the customer's own lines of the same dish are extras at their price. Empty: none.
   */
  freeCondiments: z
    .array(
      z.object({
        positionId: id,
        perPerson: z.number().int().min(1).max(FREE_CONDIMENT_PER_PERSON_MAX),
      }),
    )
    .max(FREE_CONDIMENTS_MAX)
    .default([]),
  links: z.object({
    franchise: url.nullable(),
    appStore: url.nullable(),
    googlePlay: url.nullable(),
    support: url.nullable(),
  }),
  defaults: z.object({
    cityId: id.nullable(),
    deliveryMethod: customerDeliveryMethod.nullable(),
    restoId: id.nullable(),
  }),
  /**
   * Maps and geocoding (docs/product.md §2 item 4, §7 'Other services'). Without a Google key the map is Leaflet
   * over `tileUrl` ('' draws no tiles) and addresses come from the Nominatim-compatible `geocoderUrl`;
   * with a key both are Google's. The Google base URLs exist so tests can point them at a local fake.
   */
  maps: z.object({
    tileUrl: z.string(),
    attribution: z.string(),
    geocoderUrl: z.union([url, z.string().regex(/^\/[\w\-/]*$/, 'must be a URL or a path on this server')]),
    googleMapsKey: z.string().min(1).nullable(),
    /** Advanced markers need a map id; null uses Google's 'DEMO_MAP_ID'. */
    googleMapId: z.string().min(1).nullable().default(null),
    googleGeocodingUrl: url.default('https://maps.googleapis.com'),
    googlePlacesUrl: url.default('https://places.googleapis.com'),
  }),
  /** Public client ids and keys of outside services; null leaves the service off. */
  clients: z.object({
    apiKey: z.string().min(8),
    captchaClientKey: z.string().nullable(),
    googleClientId: z.string().nullable(),
    appleClientId: z.string().nullable(),
    vkAppId: z.string().nullable(),
    metrikaId: z.string().nullable(),
  }),
});
export type BrandConfig = z.infer<typeof brandConfig>;

/**
 * What `/config.json` serves the storefront: the brand's public part plus the deployment's public settings
 * (decision 25). `apiBase` is the API's base address ('' = the storefront's own origin); the storefront puts
 * it in front of every API path, server-sent events and the API's media and pages. `production` is true only when
 * the server runs with NODE_ENV=production: the storefront loads its analytics counter only then (decision 28),
 * whatever mode it was built in. `pages` changes with the owner's edits, so the answer is revalidated at every start.
 */
export type PublicConfig = BrandConfig & {
  apiBase: string;
  production: boolean;
  /** The brand's published pages (decision 50): the storefront's secondary navigation and its page routes. */
  pages: BrandPageLink[];
};

/**
 * A published page as the storefront links it: its address `/<slug>`, its link's title in each language, in the
 * brand's order (`order`, then as the owner created them). Its text stays at /content/pages/{ru|en}/<slug>.md.
 */
export interface BrandPageLink {
  slug: string;
  title: { ru: string; en: string };
  order: number;
}
