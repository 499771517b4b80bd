import { type Minor, PERSON_COUNT_MAX, PERSON_COUNT_MIN, PROMO_CODE_MAX_LENGTH } from '@storefront/domain';
import { createStore, useStore } from 'zustand';
import { STORAGE_KEYS } from '../../shared/storage/keys.ts';
import { readStored, writeStored } from '../../shared/storage/local-storage.ts';
import {
  type Guard,
  isBoolean,
  isNonNegativeInt,
  isPositiveInt,
  nullable,
  shape,
  textUpTo,
} from '../../shared/storage/stored-value-guards.ts';

/** SPEC §3 'Order draft': the promo code as the customer entered it and as the last preflight judged it. */
export interface DraftPromoCode {
  code: string;
  /** False below the code's minimum order: kept, not applied ('add N ₽ more'). */
  active: boolean;
  maxDiscountAmount: Minor | null;
  minOrderAmount: Minor | null;
}

/** Why a promo code was refused: shown under the promo field after the code itself was dropped. */
export interface PromoRefusal {
  code: string;
  message: string;
  /** The refused promo code, so the field can show what was tried. */
  promoCode: string;
}

/**
 * SPEC §3 'Order draft' (persisted locally under one key, `order_draft`). The delivery method, place and
 * payment method already live in the selections (SPEC §3 keeps them under their own keys); the person's
 * contacts live with the session. The checkout adds its own fields here (comment, pre-order time) by
 * extending `StoredDraft` — `hydrate` ignores a stored draft that does not parse, so a new field needs a
 * guard that accepts its absence.
 */
export interface StoredDraft {
  personCount: number;
  promoCode: DraftPromoCode | null;
}

export interface OrderDraft extends StoredDraft {
  /** Not persisted: the last refusal of a promo code (SPEC §3 'Preflight state': promo code messages). */
  promoRefusal: PromoRefusal | null;
  setPersonCount(count: number): void;
  /** A new code from the field: not judged yet, so inactive until a preflight says otherwise. */
  applyPromoCode(code: string): void;
  /** The preflight's view of the code (active, limits). */
  updatePromoCode(promoCode: DraftPromoCode): void;
  /** Drops the code; with a refusal, keeps the reason to show under the field. */
  removePromoCode(refusal?: PromoRefusal): void;
  clearPromoRefusal(): void;
}

export const DEFAULT_PERSON_COUNT = PERSON_COUNT_MIN;

export function clampPersonCount(count: number): number {
  if (!Number.isFinite(count)) return DEFAULT_PERSON_COUNT;
  return Math.min(PERSON_COUNT_MAX, Math.max(PERSON_COUNT_MIN, Math.trunc(count)));
}

/** Codes are matched in any case by the server; spaces around a pasted code are never part of it. */
export function normalisePromoCode(code: string): string {
  return code.trim().slice(0, PROMO_CODE_MAX_LENGTH);
}

export const orderDraftStore = createStore<OrderDraft>()((set) => ({
  personCount: DEFAULT_PERSON_COUNT,
  promoCode: null,
  promoRefusal: null,
  setPersonCount: (count) => set({ personCount: clampPersonCount(count) }),
  applyPromoCode: (code) => {
    const normalised = normalisePromoCode(code);
    set({
      promoRefusal: null,
      promoCode: normalised
        ? { code: normalised, active: false, maxDiscountAmount: null, minOrderAmount: null }
        : null,
    });
  },
  updatePromoCode: (promoCode) =>
    set((state) => {
      const current = state.promoCode;
      if (
        current &&
        current.code === promoCode.code &&
        current.active === promoCode.active &&
        current.maxDiscountAmount === promoCode.maxDiscountAmount &&
        current.minOrderAmount === promoCode.minOrderAmount
      ) {
        return state;
      }
      return { promoCode };
    }),
  removePromoCode: (refusal) => set({ promoCode: null, promoRefusal: refusal ?? null }),
  clearPromoRefusal: () => set({ promoRefusal: null }),
}));

const isMinor = isNonNegativeInt as Guard<Minor>;
const isPersonCount: Guard<number> = (value): value is number =>
  isPositiveInt(value) && value >= PERSON_COUNT_MIN && value <= PERSON_COUNT_MAX;
const isDraftPromoCode = shape<DraftPromoCode>({
  code: textUpTo(PROMO_CODE_MAX_LENGTH),
  active: isBoolean,
  maxDiscountAmount: nullable(isMinor),
  minOrderAmount: nullable(isMinor),
});
const isStoredDraft = shape<StoredDraft>({
  personCount: isPersonCount,
  promoCode: nullable(isDraftPromoCode),
});

let unsubscribe: (() => void) | null = null;

/** The persisted fields live together under the one key (SPEC §3), written whenever one changes. */
export const orderDraftStorage = {
  hydrate() {
    const stored = readStored(STORAGE_KEYS.orderDraft, isStoredDraft);
    orderDraftStore.setState({
      personCount: stored?.personCount ?? DEFAULT_PERSON_COUNT,
      promoCode: stored?.promoCode ?? null,
    });
    unsubscribe?.();
    unsubscribe = orderDraftStore.subscribe((state, previous) => {
      if (state.personCount !== previous.personCount || state.promoCode !== previous.promoCode) {
        const draft: StoredDraft = { personCount: state.personCount, promoCode: state.promoCode };
        writeStored(STORAGE_KEYS.orderDraft, draft);
      }
    });
  },
};

// Loads with the cart page, after the boot's storage checks (like the session): read the draft back then.
orderDraftStorage.hydrate();

export function useOrderDraft<T>(select: (state: OrderDraft) => T): T {
  return useStore(orderDraftStore, select);
}
