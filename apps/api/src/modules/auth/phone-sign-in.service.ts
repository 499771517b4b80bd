import { SMS_CODE_LENGTH } from '@storefront/domain';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../core/api-error.ts';
import { clientKeyOf } from '../../core/client-key.ts';
import type { Executor } from '../../core/executor.ts';
import type { Database } from '../../db/client.ts';
import { persons, phoneCodes, phoneSignIn } from '../../db/schema.ts';
import type { SmsSender } from '../../integrations/sms/sms-sender.ts';
import { grantWelcomeBonus } from '../bonus/index.ts';
import { findOrCreatePersonByPhone } from './persons.ts';
import { hashPhoneCode, newPhoneCode, phoneCodeMatches } from './phone-codes.ts';
import { blockedRetryAfter, decideCodeRequest, PHONE_LIMITS } from './phone-limits.ts';
import { startRefreshFamily } from './refresh-tokens.ts';
import { SignInRefusal } from './sign-in-refusal.ts';
import { refundSmsBudget, type SmsBudgetLimits, spendSmsBudget } from './sms-request-budget.ts';

/** The SMS a customer receives. */
function codeText(brandName: string, code: string): string {
  return `${brandName}: код для входа ${code}. Никому его не сообщайте.`;
}

export interface PhoneSignInDeps {
  db: Database;
  now: () => number;
  codeKey: Buffer;
  brandName: string;
  sender: SmsSender;
  budget: SmsBudgetLimits;
  log: FastifyBaseLogger;
}

const phoneKey = (whiteLabel: string, phone: string) =>
  and(eq(phoneSignIn.whiteLabelId, whiteLabel), eq(phoneSignIn.phone, phone));

/** The phone's counters row, created when missing and locked until the transaction ends. */
async function lockCounters(tx: Executor, whiteLabel: string, phone: string) {
  await tx.insert(phoneSignIn).values({ whiteLabelId: whiteLabel, phone }).onConflictDoNothing();
  const [row] = await tx.select().from(phoneSignIn).where(phoneKey(whiteLabel, phone)).for('update');
  if (!row) throw new Error('the phone counters row vanished');
  return row;
}

/** Every live code of the phone stops working (a newer code, a block). */
async function retireCodes(tx: Executor, whiteLabel: string, phone: string, now: Date) {
  await tx
    .update(phoneCodes)
    .set({ usedAt: now })
    .where(
      and(eq(phoneCodes.whiteLabelId, whiteLabel), eq(phoneCodes.phone, phone), isNull(phoneCodes.usedAt)),
    );
}

async function block(tx: Executor, whiteLabel: string, phone: string, now: Date) {
  const blockedUntil = new Date(now.getTime() + PHONE_LIMITS.blockS * 1000);
  await tx.update(phoneSignIn).set({ blockedUntil, failedAttempts: 0 }).where(phoneKey(whiteLabel, phone));
  await retireCodes(tx, whiteLabel, phone, now);
}

const exhausted = (retryAfter: number) => new SignInRefusal(429, 'sms.attempts-exhausted', { retryAfter });

/**
 * Issues a code for the phone and sends it. Limits are decided under the phone's row lock in one
 * transaction, so they hold across instances; the SMS goes out after the commit (no lock held while a
 * gateway answers). A failed send retires the code and gives the 90 s and the budgets back.
 *
 * Past the phone's own limits, the client's and the brand's hourly budgets are spent; when one is
 * gone the answer is the send failure of docs/product.md §8 (it covers flooding protection), with the wait.
 */
export async function requestPhoneCode(
  deps: PhoneSignInDeps,
  whiteLabel: string,
  phone: string,
  clientIp: string,
): Promise<{ retryAfter: number; codeLength: number }> {
  const now = new Date(deps.now());
  const clientKey = clientKeyOf(clientIp);
  const issued = await deps.db.transaction(async (tx) => {
    const counters = await lockCounters(tx, whiteLabel, phone);
    const decision = decideCodeRequest(counters, now);
    if (decision.kind === 'blocked') return exhausted(decision.retryAfter);
    if (decision.kind === 'too-often')
      return new SignInRefusal(429, 'sms.too-often', { retryAfter: decision.retryAfter });
    if (decision.kind === 'block-now') {
      await block(tx, whiteLabel, phone, now);
      return exhausted(PHONE_LIMITS.blockS);
    }
    const budget = await spendSmsBudget(tx, whiteLabel, clientKey, deps.budget, now);
    // Thrown, not returned: the rollback takes back whatever part of the budgets was counted.
    if (budget.kind === 'spent')
      throw new SignInRefusal(429, 'sms.send-failed', { retryAfter: budget.retryAfter });
    await tx
      .update(phoneSignIn)
      .set({
        lastRequestedAt: now,
        windowStartedAt: decision.windowStartedAt,
        requestsInWindow: decision.requestsInWindow,
      })
      .where(phoneKey(whiteLabel, phone));
    await retireCodes(tx, whiteLabel, phone, now);
    const { id, code } = newPhoneCode();
    await tx.insert(phoneCodes).values({
      id,
      whiteLabelId: whiteLabel,
      phone,
      codeHash: hashPhoneCode(deps.codeKey, { id, whiteLabel, phone }, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + PHONE_LIMITS.codeTtlS * 1000),
    });
    return { id, code, previousRequestAt: counters.lastRequestedAt, budgetCounted: budget.counted };
  });
  if (issued instanceof SignInRefusal) throw issued;

  try {
    await deps.sender.send(phone, codeText(deps.brandName, issued.code));
  } catch (error) {
    deps.log.warn({ err: error, phone }, 'the SMS code could not be sent');
    await deps.db.transaction(async (tx) => {
      await tx.update(phoneCodes).set({ usedAt: now }).where(eq(phoneCodes.id, issued.id));
      // Give the interval back, unless another request has moved it meanwhile.
      await tx
        .update(phoneSignIn)
        .set({ lastRequestedAt: issued.previousRequestAt })
        .where(and(phoneKey(whiteLabel, phone), eq(phoneSignIn.lastRequestedAt, now)));
      await refundSmsBudget(tx, whiteLabel, issued.budgetCounted);
    });
    throw new ApiError(502, 'sms.send-failed');
  }
  return { retryAfter: PHONE_LIMITS.resendIntervalS, codeLength: SMS_CODE_LENGTH };
}

/**
 * Checks a code for the phone and answers the signed-in person's id and a new refresh token. A wrong code
 * counts against the phone (across its codes) and the fifth in a row blocks it for an hour; the counting
 * commits even though the call fails.
 */
export async function signInWithPhoneCode(
  deps: PhoneSignInDeps,
  whiteLabel: string,
  phone: string,
  code: string,
): Promise<{ personId: number; refreshToken: string }> {
  const now = new Date(deps.now());
  const outcome = await deps.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(phoneSignIn).where(phoneKey(whiteLabel, phone)).for('update');
    if (!existing) return new SignInRefusal(400, 'sms.code-not-found', {}, 'code');
    const blocked = blockedRetryAfter(existing, now);
    if (blocked !== undefined) return exhausted(blocked);
    const [live] = await tx
      .select()
      .from(phoneCodes)
      .where(
        and(
          eq(phoneCodes.whiteLabelId, whiteLabel),
          eq(phoneCodes.phone, phone),
          isNull(phoneCodes.usedAt),
          gt(phoneCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(phoneCodes.createdAt))
      .limit(1);
    if (!live) return new SignInRefusal(400, 'sms.code-not-found', {}, 'code');

    if (!phoneCodeMatches(deps.codeKey, { id: live.id, whiteLabel, phone }, code, live.codeHash)) {
      const failed = existing.failedAttempts + 1;
      await tx
        .update(phoneCodes)
        .set({ attempts: live.attempts + 1 })
        .where(eq(phoneCodes.id, live.id));
      if (failed >= PHONE_LIMITS.wrongCodes) {
        await block(tx, whiteLabel, phone, now);
        return exhausted(PHONE_LIMITS.blockS);
      }
      await tx.update(phoneSignIn).set({ failedAttempts: failed }).where(phoneKey(whiteLabel, phone));
      return new SignInRefusal(
        400,
        'sms.wrong-code',
        { attemptsLeft: PHONE_LIMITS.wrongCodes - failed },
        'code',
      );
    }

    await tx.update(phoneCodes).set({ usedAt: now }).where(eq(phoneCodes.id, live.id));
    await tx.update(phoneSignIn).set({ failedAttempts: 0 }).where(phoneKey(whiteLabel, phone));
    const [known] = await tx
      .select({ id: persons.id })
      .from(persons)
      .where(and(eq(persons.whiteLabelId, whiteLabel), eq(persons.phone, phone)));
    const personId = await findOrCreatePersonByPhone(tx, whiteLabel, phone);
    // The program's welcome gift on the first sign-in (decision 55); its unique index keeps it to one.
    if (!known) await grantWelcomeBonus(tx, whiteLabel, personId, now.getTime());
    const refreshToken = await startRefreshFamily(tx, personId, 'PHONE', now);
    return { personId, refreshToken };
  });
  if (outcome instanceof SignInRefusal) throw outcome;
  return outcome;
}
