import { getTableColumns, type InferSelectModel, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';

/** An open transaction: the rows must come from one consistent read. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

type TableWithId = PgTable & { id: PgColumn };

/** Ids per `in (…)` list: far below PostgreSQL's 65 535 parameters of one statement. */
const IDS_PER_READ = 5000;

/**
 * One large catalog table (the dishes and their modifier rows: thousands at a chain's size) kept between
 * reloads, so a reload after one price edit re-reads one row instead of every dish (the reload target of docs/benchmarks.md's chain size,
 * decision 49). Each row is kept with its `xmin`: PostgreSQL gives every new row version the id of the
 * transaction that wrote it, so a row whose `xmin` is unchanged is the row we hold, and one that changed (or
 * appeared) is read again. Rows gone from the table are dropped. It needs no trigger or column, and sees every
 * writer: the back office, the import, SQL typed by hand. Call `read` inside the repeatable-read transaction
 * of the whole catalog read, so the versions and the rows come from the same moment.
 */
export class ChangedRows<T extends TableWithId> {
  private kept = new Map<number, { version: string; row: InferSelectModel<T> }>();
  /** What the last read fetched in full (the rest came from memory): for tests and the bench. */
  lastFetched = 0;

  constructor(private readonly table: T) {}

  /** Every row of the table as of the transaction's snapshot, in no particular order. */
  async read(tx: Transaction): Promise<InferSelectModel<T>[]> {
    const table = this.table as TableWithId;
    if (this.kept.size === 0) return this.readAll(tx);
    const versions = (await tx
      .select({ id: table.id, version: sql<string>`xmin::text` })
      .from(table as never)) as { id: number; version: string }[];
    const changed = versions.filter((v) => this.kept.get(v.id)?.version !== v.version).map((v) => v.id);
    // Most rows changed (an import, a bulk price change): one plain read is cheaper than a long id list.
    if (changed.length > versions.length / 2) return this.readAll(tx);
    const next = new Map<number, { version: string; row: InferSelectModel<T> }>();
    for (const { id, version } of versions) {
      const kept = this.kept.get(id);
      if (kept && kept.version === version) next.set(id, kept);
    }
    for (let i = 0; i < changed.length; i += IDS_PER_READ) {
      const ids = changed.slice(i, i + IDS_PER_READ);
      for (const fetched of await this.select(tx, inArray(table.id, ids))) next.set(fetched.id, fetched);
    }
    this.kept = next;
    this.lastFetched = changed.length;
    return [...next.values()].map((k) => k.row);
  }

  private async readAll(tx: Transaction): Promise<InferSelectModel<T>[]> {
    const next = new Map<number, { version: string; row: InferSelectModel<T> }>();
    for (const fetched of await this.select(tx)) next.set(fetched.id, fetched);
    this.kept = next;
    this.lastFetched = next.size;
    return [...next.values()].map((k) => k.row);
  }

  private async select(tx: Transaction, where?: ReturnType<typeof inArray>) {
    const query = tx
      .select({ ...getTableColumns(this.table), catalogRowVersion: sql<string>`xmin::text` })
      .from(this.table as never);
    const rows = (await (where ? query.where(where) : query)) as (InferSelectModel<T> & {
      catalogRowVersion: string;
    })[];
    return rows.map(({ catalogRowVersion, ...row }) => ({
      id: (row as unknown as { id: number }).id,
      version: catalogRowVersion,
      row: row as unknown as InferSelectModel<T>,
    }));
  }
}
