import { SMS_BLOCK_S, SMS_RESEND_INTERVAL_S } from '@storefront/domain';

/** The per-phone limits (docs/product.md §8, §9), in one place. */
export const PHONE_LIMITS = {
  /** One code request per this many seconds. */
  resendIntervalS: SMS_RESEND_INTERVAL_S,
  /** More code requests than this within an hour block the phone. */
  requestsPerHour: 5,
  /** This many wrong codes in a row, across the phone's codes, block the phone. */
  wrongCodes: 5,
  blockS: SMS_BLOCK_S,
  /** A code lives this long (ASVS asks for at most 10 minutes). */
  codeTtlS: 300,
} as const;

export interface PhoneCounters {
  lastRequestedAt: Date | null;
  windowStartedAt: Date | null;
  requestsInWindow: number;
  failedAttempts: number;
  blockedUntil: Date | null;
}

export type CodeRequestDecision =
  | { kind: 'blocked'; retryAfter: number }
  | { kind: 'too-often'; retryAfter: number }
  | { kind: 'block-now'; blockedUntil: Date }
  | { kind: 'allow'; windowStartedAt: Date; requestsInWindow: number };

/** Whole seconds until `moment`, at least 1: what a Retry-After says. */
export const secondsUntil = (moment: Date, now: Date) =>
  Math.max(1, Math.ceil((moment.getTime() - now.getTime()) / 1000));

/** Whether a phone may have a new code now; read under the phone's row lock, so the answer holds. */
export function decideCodeRequest(state: PhoneCounters, now: Date): CodeRequestDecision {
  if (state.blockedUntil && state.blockedUntil > now)
    return { kind: 'blocked', retryAfter: secondsUntil(state.blockedUntil, now) };
  if (state.lastRequestedAt) {
    const nextAt = new Date(state.lastRequestedAt.getTime() + PHONE_LIMITS.resendIntervalS * 1000);
    if (nextAt > now) return { kind: 'too-often', retryAfter: secondsUntil(nextAt, now) };
  }
  const windowOpen =
    state.windowStartedAt && now.getTime() - state.windowStartedAt.getTime() < PHONE_LIMITS.blockS * 1000;
  const requestsInWindow = windowOpen ? state.requestsInWindow + 1 : 1;
  if (requestsInWindow > PHONE_LIMITS.requestsPerHour)
    return { kind: 'block-now', blockedUntil: new Date(now.getTime() + PHONE_LIMITS.blockS * 1000) };
  return {
    kind: 'allow',
    windowStartedAt: windowOpen ? (state.windowStartedAt as Date) : now,
    requestsInWindow,
  };
}

export function blockedRetryAfter(state: PhoneCounters, now: Date): number | undefined {
  return state.blockedUntil && state.blockedUntil > now ? secondsUntil(state.blockedUntil, now) : undefined;
}
