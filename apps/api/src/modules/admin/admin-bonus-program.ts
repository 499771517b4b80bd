import { BONUS_PROGRAM_OFF, type BonusProgram } from '@storefront/domain';
import { type BonusProgramBody, bonusProgram } from '@storefront/domain/contracts';
import { sql } from 'drizzle-orm';
import { canonicalJson } from '../../core/canonical-json.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { bonusPrograms } from '../../db/schema.ts';
import { forgetBonusProgram, readBonusProgramRow } from '../bonus/index.ts';
import { writeAuditEntry } from './admin-audit-log.ts';
import { checkIfMatch } from './admin-menus.ts';

/**
 * The brand's bonus program in the back office (decision 55): one versioned row per brand, replaced whole under
 * If-Match, one audit entry per change (entity id 0: a brand has one program) whose revert puts the previous
 * program back. A brand that never set one reads as the program off at version 1, so the first PUT names 1 too.
 */

export const BONUS_PROGRAM_ENTITY_ID = 0;

export interface AdminBonusProgram {
  program: BonusProgram;
  version: number;
}

/** The stored program, or the one a brand without a row has (off, version 1); locked when `lock`. */
export async function readAdminBonusProgram(
  db: Executor,
  whiteLabel: string,
  lock = false,
): Promise<AdminBonusProgram> {
  const row = await readBonusProgramRow(db, whiteLabel, { lock });
  // The stored jsonb passes the contract (only PUT writes it, after parsing); parse drops anything stray.
  return row
    ? { program: bonusProgram.parse(row.program) as BonusProgram, version: row.version }
    : { program: BONUS_PROGRAM_OFF, version: 1 };
}

/** Writes the program and bumps the version (a PUT or a revert); this instance's cache forgets the old one. */
export async function writeBonusProgramState(
  tx: Executor,
  whiteLabel: string,
  program: BonusProgram,
  at: Date,
): Promise<AdminBonusProgram> {
  const [row] = await tx
    .insert(bonusPrograms)
    .values({ whiteLabelId: whiteLabel, program, version: 2, updatedAt: at })
    .onConflictDoUpdate({
      target: bonusPrograms.whiteLabelId,
      set: { program, version: sql`${bonusPrograms.version} + 1`, updatedAt: at },
    })
    .returning({ version: bonusPrograms.version });
  forgetBonusProgram(whiteLabel);
  return { program, version: row?.version ?? 2 };
}

/** PUT /api/v1/admin/bonus-program: the program whole, under If-Match; audited when it changed. */
export async function putBonusProgram(
  tx: Executor,
  access: StaffAccess,
  ifMatch: string | undefined,
  body: BonusProgramBody,
  at: Date,
): Promise<AdminBonusProgram> {
  const current = await readAdminBonusProgram(tx, access.whiteLabel, true);
  checkIfMatch(ifMatch, current);
  const program = body as BonusProgram;
  if (canonicalJson(program) === canonicalJson(current.program)) return current;
  const written = await writeBonusProgramState(tx, access.whiteLabel, program, at);
  await writeAuditEntry(tx, access, at, {
    entity: 'bonus-program',
    entityId: BONUS_PROGRAM_ENTITY_ID,
    action: 'update',
    before: { program: current.program },
    after: { program: written.program },
  });
  return written;
}

/** The program as a revert compares it. */
export async function bonusProgramStateForRevert(
  tx: Executor,
  whiteLabel: string,
): Promise<Record<string, unknown>> {
  return { program: (await readAdminBonusProgram(tx, whiteLabel, true)).program };
}

/** A revert puts the entry's previous program back (a new version; the revert's own audit entry is the caller's). */
export async function restoreBonusProgram(
  tx: Executor,
  whiteLabel: string,
  state: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await writeBonusProgramState(tx, whiteLabel, bonusProgram.parse(state.program) as BonusProgram, at);
}
