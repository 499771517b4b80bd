import {
  ADMIN_BRAND_SECTIONS,
  type AdminBrandPage,
  type AdminBrandSection,
  type AdminBrandSettings,
  type AdminBrandSettingsValue,
  type BrandConfig,
  brandConfig,
} from '@storefront/domain/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { brandPages, brandSettings, cities } from '../../db/schema.ts';
import { writeAuditEntry } from './admin-audit-log.ts';
import { assertBrandDishList, checkIfMatch } from './admin-menus.ts';

/**
 * The brand in the back office (decision 50). Its settings are one versioned row (brand_settings) holding the whole
 * brand.json; the back office edits its public sections (name, pictures, theme, links, features, defaults, client
 * ids), each whole, under If-Match, one audit entry per change with the sections it changed (revertible by compare,
 * as every entry). Its pages are rows of brand_pages, versioned, created, changed and deleted under If-Match; a
 * change and a deletion are revertible (the state holds `exists`). Both tables move the catalog revision, so every
 * instance's brand store reloads them.
 */

/** The settings row's audit entity id: a brand has one row, so one entity (ids are positive). */
export const BRAND_SETTINGS_ENTITY_ID = 1;

/** The sections an owner edits, read from the stored brand.json. */
export function editableOf(brand: BrandConfig): AdminBrandSettingsValue {
  return {
    name: { ru: brand.name.ru, en: brand.name.en ?? brand.name.ru },
    logo: brand.logo,
    favicon: brand.favicon,
    theme: { mode: brand.theme.mode, primary: brand.theme.primary },
    links: { ...brand.links },
    features: {
      auth: [...brand.features.auth],
      personCount: brand.features.personCount,
      promoCodes: brand.features.promoCodes,
      preOrder: brand.features.preOrder,
    },
    defaults: { cityId: brand.defaults.cityId, deliveryMethod: brand.defaults.deliveryMethod },
    clients: {
      googleMapsKey: brand.maps.googleMapsKey,
      captchaClientKey: brand.clients.captchaClientKey,
      googleClientId: brand.clients.googleClientId,
      appleClientId: brand.clients.appleClientId,
      vkAppId: brand.clients.vkAppId,
      metrikaId: brand.clients.metrikaId,
    },
    freeCondiments: brand.freeCondiments.map((condiment) => ({ ...condiment })),
  };
}

/** The stored brand.json with the given sections written over it; what the back office does not edit stays. */
function withSections(brand: BrandConfig, sections: Partial<AdminBrandSettingsValue>): BrandConfig {
  const next: BrandConfig = structuredClone(brand);
  if (sections.name) next.name = { ...sections.name };
  if (sections.logo !== undefined) next.logo = sections.logo;
  if (sections.favicon !== undefined) next.favicon = sections.favicon;
  if (sections.theme) next.theme = { ...next.theme, ...sections.theme };
  if (sections.links) next.links = { ...sections.links };
  if (sections.features) next.features = { ...next.features, ...sections.features };
  if (sections.defaults) next.defaults = { ...next.defaults, ...sections.defaults };
  if (sections.clients) {
    const { googleMapsKey, ...clients } = sections.clients;
    next.clients = { ...next.clients, ...clients };
    next.maps = { ...next.maps, googleMapsKey };
  }
  if (sections.freeCondiments) next.freeCondiments = sections.freeCondiments.map((c) => ({ ...c }));
  return next;
}

const pickSections = (
  value: AdminBrandSettingsValue,
  sections: readonly AdminBrandSection[],
): Record<string, unknown> => Object.fromEntries(sections.map((section) => [section, value[section]]));

interface StoredSettings {
  brand: BrandConfig;
  version: number;
}

/** The brand's settings row (locked when `lock`); 404 when the brand has none (it is seeded at start). */
async function storedSettings(db: Executor, whiteLabel: string, lock = false): Promise<StoredSettings> {
  const query = db
    .select({ settings: brandSettings.settings, version: brandSettings.version })
    .from(brandSettings)
    .where(eq(brandSettings.whiteLabelId, whiteLabel));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError(404, 'white-label.not-found');
  return { brand: brandConfig.parse(row.settings), version: row.version };
}

export async function readBrandSettings(db: Executor, whiteLabel: string): Promise<AdminBrandSettings> {
  const stored = await storedSettings(db, whiteLabel);
  return { settings: editableOf(stored.brand), version: stored.version };
}

/** The default city must be one of the brand's (422 admin.brand-city-not-found on defaults.cityId). */
async function assertBrandCity(db: Executor, whiteLabel: string, cityId: number | null) {
  if (cityId === null) return;
  const [city] = await db
    .select({ id: cities.id })
    .from(cities)
    .where(and(eq(cities.id, cityId), eq(cities.whiteLabelId, whiteLabel)));
  if (!city) throw new ApiError(422, 'admin.brand-city-not-found', 'defaults.cityId');
}

/** Each free condiment a dish of the brand (422 admin.dish-not-found on freeCondiments.N.positionId). */
async function assertCondimentDishes(
  db: Executor,
  whiteLabel: string,
  condiments: readonly { positionId: number }[],
) {
  const ids = condiments.map((condiment) => condiment.positionId);
  try {
    await assertBrandDishList(db, whiteLabel, ids, 'freeCondiments');
  } catch (error) {
    if (error instanceof ApiError && error.field?.startsWith('freeCondiments.'))
      throw new ApiError(422, error.code, `${error.field}.positionId`);
    throw error;
  }
}

/** Writes the given sections over the stored settings and bumps the version (a change, or a revert). */
export async function writeBrandSettingsState(
  tx: Executor,
  whiteLabel: string,
  sections: Partial<AdminBrandSettingsValue>,
): Promise<AdminBrandSettings> {
  const stored = await storedSettings(tx, whiteLabel, true);
  const next = brandConfig.parse(withSections(stored.brand, sections));
  const [row] = await tx
    .update(brandSettings)
    .set({
      settings: next as unknown as Record<string, unknown>,
      version: sql`${brandSettings.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(brandSettings.whiteLabelId, whiteLabel))
    .returning({ version: brandSettings.version });
  return { settings: editableOf(next), version: row?.version ?? stored.version + 1 };
}

/** The settings' current sections, for a revert's compare. */
export async function brandSettingsStateOf(
  tx: Executor,
  whiteLabel: string,
): Promise<Record<string, unknown>> {
  const stored = await storedSettings(tx, whiteLabel, true);
  return { ...editableOf(stored.brand) };
}

/** PATCH /api/v1/admin/brand: the sections given, each whole; audited with the sections that changed. */
export async function patchBrandSettings(
  tx: Executor,
  access: StaffAccess,
  ifMatch: string | undefined,
  patch: Partial<AdminBrandSettingsValue>,
  at: Date,
): Promise<AdminBrandSettings> {
  const stored = await storedSettings(tx, access.whiteLabel, true);
  const current = { settings: editableOf(stored.brand), version: stored.version };
  checkIfMatch(ifMatch, current);
  if (patch.defaults) await assertBrandCity(tx, access.whiteLabel, patch.defaults.cityId);
  if (patch.freeCondiments) await assertCondimentDishes(tx, access.whiteLabel, patch.freeCondiments);
  const given = ADMIN_BRAND_SECTIONS.filter((section) => patch[section] !== undefined);
  const after = writeOver(current.settings, patch);
  const changed = given.filter(
    (section) => JSON.stringify(current.settings[section]) !== JSON.stringify(after[section]),
  );
  if (changed.length === 0) return current;
  const written = await writeBrandSettingsState(tx, access.whiteLabel, patch);
  await writeAuditEntry(tx, access, at, {
    entity: 'brand-settings',
    entityId: BRAND_SETTINGS_ENTITY_ID,
    action: 'update',
    before: pickSections(current.settings, changed),
    after: pickSections(written.settings, changed),
  });
  return written;
}

const writeOver = (
  value: AdminBrandSettingsValue,
  patch: Partial<AdminBrandSettingsValue>,
): AdminBrandSettingsValue => ({
  ...value,
  ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
});

// Pages

/** What the audit log keeps of a page; `exists: false` is a deleted one. */
export interface BrandPageState {
  exists: boolean;
  slug: string;
  title: { ru: string; en: string };
  body: { ru: string; en: string };
  order: number;
  isPublished: boolean;
}

export const GONE_PAGE: BrandPageState = {
  exists: false,
  slug: '',
  title: { ru: '', en: '' },
  body: { ru: '', en: '' },
  order: 0,
  isPublished: false,
};

export const pageStateOf = (page: AdminBrandPage): BrandPageState => ({
  exists: true,
  slug: page.slug,
  title: { ...page.title },
  body: { ...page.body },
  order: page.order,
  isPublished: page.isPublished,
});

const pageColumns = {
  id: brandPages.id,
  slug: brandPages.slug,
  title: brandPages.title,
  body: brandPages.body,
  order: brandPages.order,
  isPublished: brandPages.isPublished,
  version: brandPages.version,
};

type PageRow = { [K in keyof typeof pageColumns]: (typeof brandPages.$inferSelect)[K] };

const pageOf = (row: PageRow): AdminBrandPage => ({
  ...row,
  title: { ru: row.title.ru, en: row.title.en ?? row.title.ru },
  body: { ru: row.body.ru, en: row.body.en ?? row.body.ru },
});

export async function listBrandPages(db: Executor, whiteLabel: string): Promise<AdminBrandPage[]> {
  const rows = await db
    .select(pageColumns)
    .from(brandPages)
    .where(eq(brandPages.whiteLabelId, whiteLabel))
    .orderBy(asc(brandPages.order), asc(brandPages.id));
  return rows.map(pageOf);
}

async function readPage(db: Executor, whiteLabel: string, pageId: number, lock = false) {
  const query = db
    .select(pageColumns)
    .from(brandPages)
    .where(and(eq(brandPages.id, pageId), eq(brandPages.whiteLabelId, whiteLabel)));
  const [row] = lock ? await query.for('update') : await query;
  return row ? pageOf(row) : null;
}

export async function pageOfBrand(db: Executor, whiteLabel: string, pageId: number, lock = false) {
  const page = await readPage(db, whiteLabel, pageId, lock);
  if (!page) throw new ApiError(404, 'brand-page.not-found', 'pageId');
  return page;
}

/** A slug is the brand's one page's address: 422 admin.brand-page-slug-taken (field slug) when another has it. */
async function assertSlugFree(db: Executor, whiteLabel: string, slug: string, pageId: number | null) {
  const [taken] = await db
    .select({ id: brandPages.id })
    .from(brandPages)
    .where(
      and(
        eq(brandPages.whiteLabelId, whiteLabel),
        eq(brandPages.slug, slug),
        ...(pageId === null ? [] : [ne(brandPages.id, pageId)]),
      ),
    );
  if (taken) throw new ApiError(422, 'admin.brand-page-slug-taken', 'slug');
}

/** The page's state for a revert's compare: a deleted page reads as GONE_PAGE. */
export async function pageStateForRevert(tx: Executor, whiteLabel: string, pageId: number) {
  const page = await readPage(tx, whiteLabel, pageId, true);
  return page ? pageStateOf(page) : GONE_PAGE;
}

/**
 * Writes the fields of `state` it holds and bumps the version. `exists: false` deletes the page; `exists: true` for
 * a page that is gone brings it back under its id (a revert of a deletion), unless another page took its address.
 */
export async function writePageState(
  tx: Executor,
  whiteLabel: string,
  pageId: number,
  state: Partial<BrandPageState>,
): Promise<AdminBrandPage | null> {
  if (state.exists === false) {
    await tx
      .delete(brandPages)
      .where(and(eq(brandPages.id, pageId), eq(brandPages.whiteLabelId, whiteLabel)));
    return null;
  }
  const { exists: _exists, ...columns } = state;
  if (columns.slug !== undefined) await assertSlugFree(tx, whiteLabel, columns.slug, pageId);
  const [updated] = await tx
    .update(brandPages)
    .set({ ...columns, version: sql`${brandPages.version} + 1` })
    .where(and(eq(brandPages.id, pageId), eq(brandPages.whiteLabelId, whiteLabel)))
    .returning({ id: brandPages.id });
  if (!updated)
    await tx.insert(brandPages).values({
      id: pageId,
      whiteLabelId: whiteLabel,
      slug: columns.slug ?? `page-${pageId}`,
      title: columns.title ?? { ru: '', en: '' },
      body: columns.body ?? { ru: '', en: '' },
      order: columns.order ?? 0,
      isPublished: columns.isPublished ?? false,
    });
  return pageOfBrand(tx, whiteLabel, pageId);
}

export interface BrandPageInput {
  slug?: string | undefined;
  title?: { ru: string; en: string } | undefined;
  body?: { ru: string; en: string } | undefined;
  order?: number | undefined;
  isPublished?: boolean | undefined;
}

/** A new page; audited 'create' (not revertible: delete the page instead, which is). */
export async function createBrandPage(
  tx: Executor,
  access: StaffAccess,
  input: Required<Pick<BrandPageInput, 'slug' | 'title' | 'body'>> & BrandPageInput,
  at: Date,
): Promise<AdminBrandPage> {
  await assertSlugFree(tx, access.whiteLabel, input.slug, null);
  const [top] = await tx
    .select({ order: sql<number>`coalesce(max(${brandPages.order}), 0)::int` })
    .from(brandPages)
    .where(eq(brandPages.whiteLabelId, access.whiteLabel));
  const [row] = await tx
    .insert(brandPages)
    .values({
      whiteLabelId: access.whiteLabel,
      slug: input.slug,
      title: input.title,
      body: input.body,
      order: input.order ?? (top?.order ?? 0) + 10,
      isPublished: input.isPublished ?? true,
    })
    .returning({ id: brandPages.id });
  if (!row) throw new Error('no page row');
  const page = await pageOfBrand(tx, access.whiteLabel, row.id);
  await writeAuditEntry(tx, access, at, {
    entity: 'brand-page',
    entityId: page.id,
    action: 'create',
    before: { ...GONE_PAGE },
    after: { ...pageStateOf(page) },
  });
  return page;
}

export async function patchBrandPage(
  tx: Executor,
  access: StaffAccess,
  pageId: number,
  ifMatch: string | undefined,
  patch: BrandPageInput,
  at: Date,
): Promise<AdminBrandPage> {
  const current = await pageOfBrand(tx, access.whiteLabel, pageId, true);
  checkIfMatch(ifMatch, current);
  const before = pageStateOf(current);
  const after: BrandPageState = {
    exists: true,
    slug: patch.slug ?? before.slug,
    title: patch.title ?? before.title,
    body: patch.body ?? before.body,
    order: patch.order ?? before.order,
    isPublished: patch.isPublished ?? before.isPublished,
  };
  const page = await writePageState(tx, access.whiteLabel, pageId, after);
  if (!page) throw new Error('page gone');
  const { exists: _b, ...was } = before;
  const { exists: _a, ...is } = after;
  await writeAuditEntry(tx, access, at, {
    entity: 'brand-page',
    entityId: pageId,
    action: 'update',
    before: was,
    after: is,
  });
  return page;
}

/** Deletes a page under If-Match; revertible (the page comes back with its id and address). */
export async function deleteBrandPage(
  tx: Executor,
  access: StaffAccess,
  pageId: number,
  ifMatch: string | undefined,
  at: Date,
): Promise<void> {
  const current = await pageOfBrand(tx, access.whiteLabel, pageId, true);
  checkIfMatch(ifMatch, current);
  await writePageState(tx, access.whiteLabel, pageId, { exists: false });
  await writeAuditEntry(tx, access, at, {
    entity: 'brand-page',
    entityId: pageId,
    action: 'delete',
    before: { ...pageStateOf(current) },
    after: { ...GONE_PAGE },
  });
}
