import { z } from 'zod';
import { isWebLink } from '../admin/resto-rules.ts';
import { TOKEN_SOURCES } from '../auth/session-rules.ts';
import { FREE_CONDIMENT_PER_PERSON_MAX, FREE_CONDIMENTS_MAX } from '../selling/selling-constants.ts';
import { errorBody, id, idParam, storedText } from './common.ts';

/**
 * The brand in the back office (decision 50): the public settings `/config.json` serves, kept in brand_settings,
 * its static pages in brand_pages, and the list of the server's secrets (names and whether each is set, never a
 * value). Every object is strict: a field the back office may not set (a secret, the brand's id, the API key) is
 * refused with its name, not dropped.
 */

export const BRAND_NAME_MAX = 80;
export const BRAND_PAGE_TITLE_MAX = 120;
export const BRAND_PAGE_BODY_MAX = 100_000;
export const BRAND_CLIENT_ID_MAX = 200;

const trimmed = (max: number) =>
  storedText(max)
    .transform((value) => value.trim())
    .pipe(z.string().min(1, 'must not be blank'));

/** A link customers follow: https only (a plain-http or javascript: link is refused). */
const httpsLink = z
  .string()
  .max(500)
  .refine((value) => value.startsWith('https://') && isWebLink(value), 'must be an https:// address');

/** A picture: an uploaded photo or a brand file under /media/, or an https address. */
const picture = z
  .string()
  .max(500)
  .refine(
    (value) => /^\/media\/[\w\-./]+$/.test(value) && !value.includes('..'),
    'must be an address under /media/',
  );

const clientId = storedText(BRAND_CLIENT_ID_MAX)
  .transform((value) => value.trim())
  .transform((value) => (value === '' ? null : value))
  .nullable();

/** The settings an owner edits, each section whole. */
export const adminBrandSettingsFields = {
  name: z.strictObject({ ru: trimmed(BRAND_NAME_MAX), en: trimmed(BRAND_NAME_MAX) }),
  logo: picture,
  favicon: picture,
  theme: z.strictObject({
    mode: z.enum(['dark', 'light']),
    primary: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #5bd0a4'),
  }),
  links: z.strictObject({
    franchise: httpsLink.nullable(),
    appStore: httpsLink.nullable(),
    googlePlay: httpsLink.nullable(),
    support: httpsLink.nullable(),
  }),
  features: z.strictObject({
    auth: z.array(z.enum(TOKEN_SOURCES)).min(1, 'at least one sign-in method').max(TOKEN_SOURCES.length),
    personCount: z.boolean(),
    promoCodes: z.boolean(),
    preOrder: z.boolean(),
  }),
  defaults: z.strictObject({
    cityId: id.nullable(),
    deliveryMethod: z.enum(['DELIVERY', 'TAKE_AWAY']).nullable(),
  }),
  /** Public client ids: the browser sees them anyway. '' clears one. */
  clients: z.strictObject({
    googleMapsKey: clientId,
    captchaClientKey: clientId,
    googleClientId: clientId,
    appleClientId: clientId,
    vkAppId: clientId,
    metrikaId: clientId,
  }),
  /**
   * Condiments each person of an order gets free (decision 56), in order: dishes of the brand (else 422
   * admin.dish-not-found on freeCondiments.N.positionId), none twice, 1–5 per person, at most 10.
   */
  freeCondiments: z
    .array(
      z.strictObject({
        positionId: id,
        perPerson: z.number().int().min(1).max(FREE_CONDIMENT_PER_PERSON_MAX),
      }),
    )
    .max(FREE_CONDIMENTS_MAX)
    .superRefine((list, ctx) => {
      const seen = new Set<number>();
      list.forEach((item, index) => {
        if (seen.has(item.positionId))
          ctx.addIssue({ code: 'custom', message: 'must not repeat a dish', path: [index, 'positionId'] });
        seen.add(item.positionId);
      });
    }),
};

export const adminBrandSettingsValue = z.strictObject(adminBrandSettingsFields);
export type AdminBrandSettingsValue = z.infer<typeof adminBrandSettingsValue>;
export type AdminBrandSection = keyof AdminBrandSettingsValue;
export const ADMIN_BRAND_SECTIONS = Object.keys(adminBrandSettingsFields) as AdminBrandSection[];

const text = z.object({ ru: z.string(), en: z.string() });
const link = z.string().nullable();
const clientOut = z.string().nullable();

/** The settings as answered (the same shape, without the input's checks). */
export const adminBrandSettingsOut = z.object({
  name: text,
  logo: z.string(),
  favicon: z.string(),
  theme: z.object({ mode: z.enum(['dark', 'light']), primary: z.string() }),
  links: z.object({ franchise: link, appStore: link, googlePlay: link, support: link }),
  features: z.object({
    auth: z.array(z.enum(TOKEN_SOURCES)),
    personCount: z.boolean(),
    promoCodes: z.boolean(),
    preOrder: z.boolean(),
  }),
  defaults: z.object({ cityId: id.nullable(), deliveryMethod: z.enum(['DELIVERY', 'TAKE_AWAY']).nullable() }),
  clients: z.object({
    googleMapsKey: clientOut,
    captchaClientKey: clientOut,
    googleClientId: clientOut,
    appleClientId: clientOut,
    vkAppId: clientOut,
    metrikaId: clientOut,
  }),
  freeCondiments: z.array(z.object({ positionId: id, perPerson: z.number().int() })),
});

/** GET /api/v1/admin/brand: the settings with their version (also the ETag). */
export const adminBrandSettings = z.object({
  settings: adminBrandSettingsOut,
  version: z.number().int().positive(),
});
export type AdminBrandSettings = z.infer<typeof adminBrandSettings>;

/** PATCH /api/v1/admin/brand: the sections to change, each whole; at least one. */
export const adminBrandSettingsPatch = adminBrandSettingsValue
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'must change something');
export const adminBrandStaleBody = errorBody.extend({ current: adminBrandSettings });

/** PUT /api/v1/admin/brand/pictures/{which}: the logo or the favicon, uploaded through the image pipeline. */
export const adminBrandPictureParams = z.object({ which: z.enum(['logo', 'favicon']) });

/** A page's address under /pages/: lower-case latin letters, digits and single hyphens. */
export const brandPageSlug = z
  .string()
  .max(80)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case latin letters, digits and hyphens');

const pageTitle = z.strictObject({ ru: trimmed(BRAND_PAGE_TITLE_MAX), en: trimmed(BRAND_PAGE_TITLE_MAX) });
const pageBody = z.strictObject({ ru: storedText(BRAND_PAGE_BODY_MAX), en: storedText(BRAND_PAGE_BODY_MAX) });

export const adminBrandPage = z.object({
  id,
  slug: z.string(),
  title: z.object({ ru: z.string(), en: z.string() }),
  body: z.object({ ru: z.string(), en: z.string() }),
  order: z.number().int(),
  isPublished: z.boolean(),
  version: z.number().int().positive(),
});
export type AdminBrandPage = z.infer<typeof adminBrandPage>;
export const adminBrandPageList = z.object({ pages: z.array(adminBrandPage) });
export const adminBrandPageParams = z.object({ pageId: idParam });

/** POST /api/v1/admin/brand/pages */
export const adminBrandPageCreate = z.strictObject({
  slug: brandPageSlug,
  title: pageTitle,
  body: pageBody,
  order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  isPublished: z.boolean().optional(),
});

/** PATCH /api/v1/admin/brand/pages/{pageId}: the fields to change, at least one. */
export const adminBrandPagePatch = z
  .strictObject({
    slug: brandPageSlug.optional(),
    title: pageTitle.optional(),
    body: pageBody.optional(),
    order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    isPublished: z.boolean().optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'must change something');
export const adminBrandPageStaleBody = errorBody.extend({ current: adminBrandPage });

/** One secret the server reads from its environment: whether it is set, never its value. */
export const adminBrandSecret = z.object({
  name: z.string(),
  purpose: z.object({ ru: z.string(), en: z.string() }),
  present: z.boolean(),
  /** What does not work without it (ru/en). */
  requiredFor: z.object({ ru: z.string(), en: z.string() }),
});
export type AdminBrandSecret = z.infer<typeof adminBrandSecret>;
export const adminBrandSecretList = z.object({ secrets: z.array(adminBrandSecret) });
