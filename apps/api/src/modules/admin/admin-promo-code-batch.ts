import { randomBytes } from 'node:crypto';
import { CSV_BOM, csvCell, formatRubles, type Locale } from '@storefront/domain';
import type { AdminPromoCode, AdminPromoCodeBatch } from '@storefront/domain/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { promoCodeRestos, promoCodes } from '../../db/schema.ts';
import { writeAuditEntry } from './admin-audit-log.ts';
import { assertOwnsRestos, brandRestoIds } from './admin-marketing-scope.ts';
import { assertPromoRules, type PromoBatchState, promoCodeColumns } from './admin-promo-codes.ts';

/**
 * A campaign's batch of single-use codes (decision 53): `count` codes, each good for one order of one person
 * (totalLimit 1, perPersonLimit 1), made of crypto randomness over an alphabet without look-alikes, all inserted in
 * one transaction with one audit entry ('promo-code-batch', action 'generate') whose revert deactivates the batch's
 * codes no order has used yet.
 */

/** 32 signs: no 0/O and no 1/I, which read alike on paper and screens. 32 divides 256: no modulo bias. */
export const BATCH_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Rounds of drawing again the codes that collided with the brand's codes, before giving up. */
const COLLISION_ROUNDS = 5;
/** Rows per INSERT (PostgreSQL's bind limit is 65 535 parameters). */
const CHUNK = 1000;

export function randomCode(prefix: string, length: number): string {
  const bytes = randomBytes(length);
  let code = prefix;
  for (const byte of bytes) code += BATCH_ALPHABET[byte % BATCH_ALPHABET.length];
  return code;
}

const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** Codes among `codes` the brand already has. */
async function takenAmong(db: Executor, whiteLabel: string, codes: readonly string[]) {
  const taken = new Set<string>();
  for (const part of chunks(codes)) {
    const rows = await db
      .select({ code: promoCodes.code })
      .from(promoCodes)
      .where(and(eq(promoCodes.whiteLabelId, whiteLabel), inArray(promoCodes.code, part)));
    for (const row of rows) taken.add(row.code);
  }
  return taken;
}

/** `count` codes unique among themselves and the brand's; 409 admin.promo-code-batch-space when too few are left. */
async function uniqueCodes(db: Executor, whiteLabel: string, input: AdminPromoCodeBatch): Promise<string[]> {
  const codes = new Set<string>();
  for (let round = 0; round <= COLLISION_ROUNDS; round += 1) {
    let draws = 0;
    while (codes.size < input.count && draws < input.count * 4) {
      codes.add(randomCode(input.prefix, input.length));
      draws += 1;
    }
    for (const code of await takenAmong(db, whiteLabel, [...codes])) codes.delete(code);
    if (codes.size === input.count) return [...codes];
  }
  throw new ApiError(409, 'admin.promo-code-batch-space', 'length');
}

/** Makes the batch in the caller's transaction; answers its size and the audit entry that can undo it. */
export async function generatePromoBatch(
  tx: Executor,
  access: StaffAccess,
  input: AdminPromoCodeBatch,
  at: Date,
): Promise<{ campaign: string; count: number; auditEntryId: number }> {
  const restoIds = await brandRestoIds(tx, access.whiteLabel, input.restoIds);
  await assertOwnsRestos(tx, access, restoIds);
  assertPromoRules(input);
  const codes = await uniqueCodes(tx, access.whiteLabel, input);
  const { count: _count, prefix: _prefix, length: _length, restoIds: _restoIds, ...rules } = input;
  const columns = {
    ...promoCodeColumns({ ...rules, totalLimit: 1, perPersonLimit: 1 }),
    whiteLabelId: access.whiteLabel,
    description: input.description,
    kind: input.kind,
    value: input.value,
  };
  const ids: number[] = [];
  for (const part of chunks(codes)) {
    const rows = await tx
      .insert(promoCodes)
      .values(part.map((code) => ({ ...columns, code })))
      .returning({ id: promoCodes.id });
    ids.push(...rows.map((r) => r.id));
  }
  if (restoIds.length > 0)
    for (const part of chunks(ids.flatMap((id) => restoIds.map((restoId) => ({ promoCodeId: id, restoId })))))
      await tx.insert(promoCodeRestos).values(part);
  const firstId = Math.min(...ids);
  const batch: PromoBatchState & { restoIds: number[] } = {
    campaign: input.campaign,
    firstId,
    lastId: Math.max(...ids),
    count: ids.length,
    unusedActive: input.active,
    restoIds,
  };
  const entry = await writeAuditEntry(tx, access, at, {
    entity: 'promo-code-batch',
    entityId: firstId,
    action: 'generate',
    before: { ...batch, unusedActive: false },
    after: { ...batch },
  });
  return { campaign: input.campaign, count: ids.length, auditEntryId: entry.id };
}

const CSV_HEADERS: Record<Locale, string[]> = {
  ru: ['Код', 'Кампания', 'Использован', 'Скидка, ₽', 'Действует с', 'Действует до'],
  en: ['Code', 'Campaign', 'Used', 'Discount given, ₽', 'Valid from', 'Valid to'],
};

/** An instant on the brand's wall clock as a Russian Excel reads a date: 31.12.2026 23:59. */
export function wallClockText(iso: string | null, offset: string): string {
  if (iso === null) return '';
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hours = 0, minutes = 0] = offset.slice(1).split(':').map(Number);
  const local = new Date(Date.parse(iso) + sign * (hours * 60 + minutes) * 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(local.getUTCDate())}.${two(local.getUTCMonth() + 1)}.${local.getUTCFullYear()} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

/**
 * The codes as a Russian Excel opens them by a double click: UTF-8 with a byte order mark, ';' between cells, CRLF,
 * money as 150,00; columns code, campaign, uses, discount given, valid from and to (the brand's wall clock).
 */
export function promoCodesCsv(codes: readonly AdminPromoCode[], locale: Locale, offset: string): string {
  const line = (cells: string[]) => cells.map((value) => csvCell(value, ';')).join(';');
  const lines = [
    line(CSV_HEADERS[locale]),
    ...codes.map((c) =>
      line([
        c.code,
        c.campaign ?? '',
        String(c.uses),
        formatRubles(c.discountGiven),
        wallClockText(c.startsAt, offset),
        wallClockText(c.endsAt, offset),
      ]),
    ),
  ];
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
