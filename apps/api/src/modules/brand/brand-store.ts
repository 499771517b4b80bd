import { createHash } from 'node:crypto';
import { type BrandConfig, brandConfig, type PublicConfig } from '@storefront/domain/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type AppConfig, withEnvOverrides } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { brandPages, brandSettings, catalogRevision } from '../../db/schema.ts';
import { ensureBrandContent } from './brand-content.ts';

/** A ready answer: its bytes and their strong ETag. */
export interface BrandAnswer {
  body: Buffer;
  etag: string;
}

/** A published page as the storefront and the crawler pages list it. */
export interface PublishedPage {
  slug: string;
  title: { ru: string; en: string };
  body: { ru: string; en: string };
  order: number;
}

/** What an instance serves of its brand, built once per load. */
export interface BrandState {
  /** The catalog revision it was read at. */
  revision: number;
  /** The settings as served: the row's, with the environment's maps overrides. */
  settings: BrandConfig;
  publicConfig: PublicConfig;
  configAnswer: BrandAnswer;
  /** Published pages in their order. */
  pages: PublishedPage[];
  /** `ru/<slug>` → the page's markdown in that language. */
  pageAnswers: Map<string, BrandAnswer>;
}

const answerOf = (text: string): BrandAnswer => {
  const body = Buffer.from(text, 'utf8');
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
};

/**
 * The brand's settings and published pages in memory (decision 50), read from brand_settings and brand_pages.
 * Both tables bump the catalog revision (migration 0019), so the store follows the catalog's refresh (its poll of
 * that one-row counter, and the refresh after a write on this instance) and reloads when the counter moved. Requests never wait on the
 * database: they are served from the last state until the new one is ready. A row that no longer passes the brand
 * contract (written by hand) is logged and the file's settings are served instead, never a broken /config.json.
 */
export class BrandStore {
  private state: BrandState | null = null;
  private reloading: Promise<void> | null = null;

  /** Until the app's logger is handed over (the store is read before the app is built), the console. */
  private log: Pick<FastifyBaseLogger, 'warn' | 'error'> = {
    warn: (object: unknown, message?: string) => console.warn(message, object),
    error: (object: unknown, message?: string) => console.error(message, object),
  } as Pick<FastifyBaseLogger, 'warn' | 'error'>;

  constructor(
    private readonly db: Database,
    private readonly config: Pick<AppConfig, 'env' | 'brand' | 'brandFile' | 'brandDir'>,
  ) {}

  useLogger(log: FastifyBaseLogger): void {
    this.log = log;
  }

  get whiteLabel(): string {
    return this.config.brand.whiteLabel;
  }

  get current(): BrandState {
    if (!this.state) throw new Error('The brand is not loaded yet: call load() before serving');
    return this.state;
  }

  /** The settings as served now (name, theme, features an owner may have changed). */
  get settings(): BrandConfig {
    return this.current.settings;
  }

  async load(): Promise<void> {
    const whiteLabel = this.whiteLabel;
    const [revision] = await this.db
      .select({ revision: catalogRevision.revision })
      .from(catalogRevision)
      .where(eq(catalogRevision.id, 1));
    const [row] = await this.db
      .select({ settings: brandSettings.settings })
      .from(brandSettings)
      .where(eq(brandSettings.whiteLabelId, whiteLabel));
    const pages = await this.db
      .select()
      .from(brandPages)
      .where(and(eq(brandPages.whiteLabelId, whiteLabel), eq(brandPages.isPublished, true)))
      .orderBy(asc(brandPages.order), asc(brandPages.id));
    let stored: BrandConfig = this.config.brandFile;
    if (row) {
      const parsed = brandConfig.safeParse(row.settings);
      if (parsed.success) stored = parsed.data;
      else
        this.log.error({ issues: parsed.error.issues }, 'brand_settings row is invalid; serving brand.json');
    }
    const settings = withEnvOverrides(this.config.env, { ...stored, whiteLabel });
    const published = pages.map((page) => ({
      slug: page.slug,
      title: { ru: page.title.ru, en: page.title.en ?? page.title.ru },
      body: { ru: page.body.ru, en: page.body.en ?? page.body.ru },
      order: page.order,
    }));
    const publicConfig: PublicConfig = {
      ...settings,
      apiBase: this.config.env.PUBLIC_API_BASE ?? '',
      production: this.config.env.NODE_ENV === 'production',
      // The storefront's navigation: the same list, in the same order, as the page routes below serve.
      pages: published.map(({ slug, title, order }) => ({ slug, title, order })),
    };
    const pageAnswers = new Map<string, BrandAnswer>();
    for (const page of published) {
      pageAnswers.set(`ru/${page.slug}`, answerOf(page.body.ru));
      pageAnswers.set(`en/${page.slug}`, answerOf(page.body.en));
    }
    this.state = {
      revision: revision?.revision ?? 0,
      settings,
      publicConfig,
      configAnswer: answerOf(JSON.stringify(publicConfig)),
      pages: published,
      pageAnswers,
    };
  }

  /** Reloads when the catalog revision moved since the last load. Answers whether it did. */
  async refresh(): Promise<boolean> {
    if (this.reloading) {
      await this.reloading;
      return true;
    }
    const [row] = await this.db
      .select({ revision: catalogRevision.revision })
      .from(catalogRevision)
      .where(eq(catalogRevision.id, 1));
    if (row && this.state && row.revision === this.state.revision) return false;
    this.reloading = this.load().finally(() => {
      this.reloading = null;
    });
    await this.reloading;
    return true;
  }
}

/**
 * The brand store of a starting instance, loaded: a brand without its settings row yet (a database seeded before
 * decision 50) gets it, and its pages, from its files first.
 */
export async function openBrandStore(
  db: Database,
  config: Pick<AppConfig, 'env' | 'brand' | 'brandFile' | 'brandDir'>,
): Promise<BrandStore> {
  await ensureBrandContent(db, config.brand.whiteLabel, config.brandFile, config.brandDir);
  const store = new BrandStore(db, config);
  await store.load();
  return store;
}
