import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrandConfig } from '@storefront/domain/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { brandPages, brandSettings, whiteLabels } from '../../db/schema.ts';

/** One page of a brand folder (brands/<id>/pages/{ru,en}/<slug>.md), both languages. */
export interface BrandFolderPage {
  slug: string;
  title: { ru: string; en: string };
  body: { ru: string; en: string };
  order: number;
}

const SLUG_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;

/** A page's title: its first heading, as the crawler pages have always titled it. */
export const titleOfMarkdown = (markdown: string): string | undefined =>
  /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim();

function readLocale(pagesDir: string, locale: 'ru' | 'en'): Map<string, string> {
  const pages = new Map<string, string>();
  let files: string[] = [];
  try {
    files = readdirSync(join(pagesDir, locale)).sort();
  } catch {
    return pages;
  }
  for (const file of files) {
    const slug = SLUG_FILE.exec(file)?.[1];
    if (slug) pages.set(slug, readFileSync(join(pagesDir, locale, file), 'utf8'));
  }
  return pages;
}

/** A link of pages/navigation.json: the folder's order of the navigation, and a link's title when not the heading. */
interface FolderLink {
  slug: string;
  title?: { ru?: string; en?: string };
}

/** pages/navigation.json, when the folder has one: a brand's navigation as it was before it lived in the database. */
function readNavigation(pagesDir: string): FolderLink[] {
  let text: string;
  try {
    text = readFileSync(join(pagesDir, 'navigation.json'), 'utf8');
  } catch {
    return [];
  }
  const links: unknown = JSON.parse(text);
  if (!Array.isArray(links))
    throw new Error(`${pagesDir}/navigation.json: must be a list of { slug, title }`);
  return links.filter((link): link is FolderLink => typeof link?.slug === 'string');
}

/**
 * The brand folder's pages: a language missing a file takes the other's text. They come in the order of
 * pages/navigation.json with its titles, then the pages it does not name by slug, titled by their first heading.
 */
export function readFolderPages(brandDir: string): BrandFolderPage[] {
  const pagesDir = join(brandDir, 'pages');
  const ru = readLocale(pagesDir, 'ru');
  const en = readLocale(pagesDir, 'en');
  const navigation = new Map(readNavigation(pagesDir).map((link) => [link.slug, link]));
  const files = [...new Set([...ru.keys(), ...en.keys()])];
  const slugs = [
    ...[...navigation.keys()].filter((slug) => files.includes(slug)),
    ...files.filter((slug) => !navigation.has(slug)).sort(),
  ];
  return slugs.map((slug, index) => {
    const bodyRu = ru.get(slug) ?? en.get(slug) ?? '';
    const bodyEn = en.get(slug) ?? bodyRu;
    const named = navigation.get(slug)?.title;
    const titleRu = named?.ru ?? titleOfMarkdown(bodyRu) ?? slug;
    return {
      slug,
      title: { ru: titleRu, en: named?.en ?? titleOfMarkdown(bodyEn) ?? titleRu },
      body: { ru: bodyRu, en: bodyEn },
      order: (index + 1) * 10,
    };
  });
}

/**
 * Seeds a brand's settings row from its brand.json, and its pages from its folder, when the brand has no settings
 * row yet (decision 50). Idempotent and safe with instances starting together: the row is inserted with
 * `on conflict do nothing`, and only the instance whose insert landed writes the pages, in the same transaction.
 * A brand already seeded is only read (no write, so the catalog revision does not move on every start); a page an
 * owner deleted does not come back. Answers whether it seeded.
 */
export async function ensureBrandContent(
  db: Database,
  whiteLabel: string,
  brandFile: BrandConfig,
  brandDir: string,
): Promise<boolean> {
  const [present] = await db
    .select({ id: brandSettings.whiteLabelId })
    .from(brandSettings)
    .where(eq(brandSettings.whiteLabelId, whiteLabel));
  if (present) return false;
  const [brand] = await db
    .select({ id: whiteLabels.id })
    .from(whiteLabels)
    .where(eq(whiteLabels.id, whiteLabel));
  // A database holding another brand: nothing of this one to attach settings to.
  if (!brand) return false;
  const pages = readFolderPages(brandDir);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(brandSettings)
      .values({ whiteLabelId: whiteLabel, settings: brandFile as unknown as Record<string, unknown> })
      .onConflictDoNothing()
      .returning({ id: brandSettings.whiteLabelId });
    if (inserted.length === 0) return false;
    if (pages.length > 0)
      await tx
        .insert(brandPages)
        .values(pages.map((page) => ({ ...page, whiteLabelId: whiteLabel })))
        .onConflictDoNothing();
    return true;
  });
}
