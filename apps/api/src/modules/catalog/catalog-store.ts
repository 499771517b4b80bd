import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { catalogRevision } from '../../db/schema.ts';
import type { CachedAnswer } from '../../plugins/catalog-reply.ts';
import { CatalogRowCache } from './catalog-rows.ts';
import { type CatalogSnapshot, loadCatalogSnapshot, type OnlinePayFilter } from './catalog-snapshot.ts';

export interface Produced<T> {
  value: T;
  expiresAt?: number;
}

/**
 * At most this many prepared answers per instance. The public calls name a few hundred distinct answers
 * (cities, restaurants, menus, groups); the bound only matters against a client inventing inputs, and then
 * the least recently used answers go first.
 */
export const MAX_CATALOG_ANSWERS = 2000;

function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Holds the current catalog snapshot and the answers built from it. Every instance polls the
 * catalog revision (a single-row read) and reloads when another writer moved it; requests keep
 * being answered from the old snapshot until the new one is ready, and never wait on the database.
 */
export class CatalogStore {
  private current: CatalogSnapshot | null = null;
  private answers = new Map<string, CachedAnswer>();
  private timer: NodeJS.Timeout | null = null;
  private reloading: Promise<void> | null = null;
  private readonly followers: (() => Promise<unknown>)[] = [];
  /** The dishes and modifier rows of the last load, so a reload reads only what changed (decision 49). */
  readonly rows = new CatalogRowCache();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
    private readonly onlinePayOffered?: OnlinePayFilter,
  ) {}

  /** Whether a snapshot is there to serve from (GET /readyz). */
  get loaded(): boolean {
    return this.current !== null;
  }

  get snapshot(): CatalogSnapshot {
    if (!this.current) throw new Error('The catalog is not loaded yet: call load() before serving');
    return this.current;
  }

  async load(): Promise<void> {
    const next = await loadCatalogSnapshot(this.db, this.onlinePayOffered, this.rows);
    this.current = next;
    this.answers = new Map();
  }

  /**
   * Another store read from tables the same revision counts (the brand's settings and pages, decision 50): it is
   * asked to refresh whenever the catalog is, on the poll and after a write on this instance, and checks the
   * revision itself. Its failure is logged, never the catalog's.
   */
  follow(refresh: () => Promise<unknown>): void {
    this.followers.push(refresh);
  }

  /** Reloads when the revision in the database differs from the snapshot's. Answers whether it did. */
  async refresh(): Promise<boolean> {
    try {
      return await this.refreshCatalog();
    } finally {
      await Promise.all(
        this.followers.map((refresh) =>
          refresh().catch((error) =>
            this.log.warn({ err: error }, 'a store following the catalog failed to refresh'),
          ),
        ),
      );
    }
  }

  private async refreshCatalog(): Promise<boolean> {
    if (this.reloading) {
      await this.reloading;
      return true;
    }
    const [row] = await this.db
      .select({ revision: catalogRevision.revision })
      .from(catalogRevision)
      .where(eq(catalogRevision.id, 1));
    if (row && this.current && row.revision === this.current.revision) return false;
    this.reloading = this.load().finally(() => {
      this.reloading = null;
    });
    await this.reloading;
    return true;
  }

  startPolling(intervalMs: number): void {
    this.stopPolling();
    this.timer = setInterval(() => {
      this.refresh().catch((error) =>
        this.log.warn({ err: error }, 'catalog refresh failed; serving the last snapshot'),
      );
    }, intervalMs);
    this.timer.unref();
  }

  stopPolling(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** How many prepared answers are held now (never more than MAX_CATALOG_ANSWERS). */
  get cachedAnswers(): number {
    return this.answers.size;
  }

  /**
   * The answer under `key`, built once per snapshot: checked against its contract (so a wrong row
   * fails loudly here, not in a customer's browser), serialized, and hashed for its ETag. A null key
   * (an input naming what the catalog does not have) is answered without being kept.
   */
  answer<T>(
    key: string | null,
    contract: z.ZodType<T>,
    produce: (snapshot: CatalogSnapshot) => Produced<T>,
  ): CachedAnswer {
    const cached = key === null ? undefined : this.answers.get(key);
    if (key !== null && cached && cached.expiresAt > this.now()) {
      // Most recently used last: a Map iterates in insertion order, so the first key is the one to drop.
      this.answers.delete(key);
      this.answers.set(key, cached);
      return cached;
    }
    const produced = produce(this.snapshot);
    const body = Buffer.from(JSON.stringify(contract.parse(produced.value)), 'utf8');
    const answer = {
      body,
      etag: etagOf(body),
      compressed: {},
      expiresAt: produced.expiresAt ?? Number.POSITIVE_INFINITY,
    };
    if (key === null) return answer;
    this.answers.delete(key);
    this.answers.set(key, answer);
    while (this.answers.size > MAX_CATALOG_ANSWERS) {
      const oldest = this.answers.keys().next().value;
      if (oldest === undefined) break;
      this.answers.delete(oldest);
    }
    return answer;
  }
}
