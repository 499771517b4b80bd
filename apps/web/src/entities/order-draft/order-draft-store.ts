import {
  EMAIL_MAX,
  fillEmptyContact,
  type Minor,
  ORDER_COMMENT_MAX,
  type OrderContact,
  PERSON_COUNT_MAX,
  PERSON_COUNT_MIN,
  PHONE_INPUT_MAX_LENGTH,
  PROMO_CODE_MAX_LENGTH,
} from '@storefront/domain';
import { createStore, useStore } from 'zustand';
import { STORAGE_KEYS } from '../../shared/storage/keys.ts';
import { readStored, writeStored } from '../../shared/storage/local-storage.ts';
import {
  type Guard,
  isBoolean,
  isNonNegativeInt,
  isPositiveInt,
  isString,
  nullable,
  shape,
  textUpTo,
} from '../../shared/storage/stored-value-guards.ts';
import { serverNow } from '../clock/clock-store.ts';
import { personStore } from '../session/person-store.ts';

/** docs/product.md §3 'Order draft': the promo code as the customer entered it and as the last preflight judged it. */
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
 * docs/product.md §3 'Order draft' (persisted locally under one key, `order_draft`). The delivery method, place and
 * payment method already live in the selections (docs/product.md §3 keeps them under their own keys); the person's
 * contacts live with the session. The checkout adds its own fields here (comment, pre-order time) by
 * extending `StoredDraft` — `hydrate` ignores a stored draft that does not parse, so a new field needs a
 * guard that accepts its absence.
 */
export interface StoredDraft {
  personCount: number;
  promoCode: DraftPromoCode | null;
  /** The person on the order (docs/product.md §3 'Order form fields'): typed, or filled from the profile on sign-in. */
  contact: OrderContact;
  comment: string;
  /** ISO 8601 UTC of the chosen pre-order slot; null: as soon as possible. */
  preOrderAt: string | null;
  /**
   * The checkout attempt (ORDERING.md 'Placing an order exactly once'): its Idempotency-Key and the
   * fingerprint of the body it was made for. The same body re-uses the key (a retry, a reload); any other
   * body gets a new one.
   */
  attempt: { key: string; fingerprint: string } | null;
}

const EMPTY_DRAFT_CONTACT: OrderContact = { name: null, email: null, phone: null };

export interface OrderDraft extends StoredDraft {
  /** Not persisted: the last refusal of a promo code (docs/product.md §3 'Preflight state': promo code messages). */
  promoRefusal: PromoRefusal | null;
  /**
   * Not persisted: the dish the customer picked among a reached gift's options (decision 56); null: the
   * server's first. A pick no longer among the options is the server's first again, so it needs no clearing.
   */
  giftPositionId: number | null;
  setGiftPositionId(positionId: number | null): void;
  setPersonCount(count: number): void;
  /** A new code from the field: not judged yet, so inactive until a preflight says otherwise. */
  applyPromoCode(code: string): void;
  /** The preflight's view of the code (active, limits). */
  updatePromoCode(promoCode: DraftPromoCode): void;
  /** Drops the code; with a refusal, keeps the reason to show under the field. */
  removePromoCode(refusal?: PromoRefusal): void;
  clearPromoRefusal(): void;
  setContact(contact: Partial<OrderContact>): void;
  setComment(comment: string): void;
  setPreOrderAt(preOrderAt: string | null): void;
  /** The Idempotency-Key for this body: the attempt's own while the body is the same, else a new one. */
  attemptKey(fingerprint: string): string;
  /**
   * The order exists: the next cart starts clean (a new attempt, as soon as possible, one person, no promo
   * code or its refusal, no comment); the contacts stay for the next order.
   */
  placed(): void;
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

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export const orderDraftStore = createStore<OrderDraft>()((set, get) => ({
  personCount: DEFAULT_PERSON_COUNT,
  promoCode: null,
  promoRefusal: null,
  giftPositionId: null,
  setGiftPositionId: (giftPositionId) => set({ giftPositionId }),
  contact: { ...EMPTY_DRAFT_CONTACT },
  comment: '',
  preOrderAt: null,
  attempt: null,
  setContact: (contact) => set((state) => ({ contact: { ...state.contact, ...contact } })),
  setComment: (comment) => set({ comment: comment.slice(0, ORDER_COMMENT_MAX * 4) }),
  setPreOrderAt: (preOrderAt) => set({ preOrderAt }),
  attemptKey: (fingerprint) => {
    const attempt = get().attempt;
    if (attempt && attempt.fingerprint === fingerprint) return attempt.key;
    const key = newKey();
    set({ attempt: { key, fingerprint } });
    return key;
  },
  placed: () =>
    set({
      attempt: null,
      preOrderAt: null,
      comment: '',
      personCount: DEFAULT_PERSON_COUNT,
      promoCode: null,
      promoRefusal: null,
      giftPositionId: null,
    }),
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
const isStoredDraft = shape<Pick<StoredDraft, 'personCount' | 'promoCode'>>({
  personCount: isPersonCount,
  promoCode: nullable(isDraftPromoCode),
});
/** The checkout's fields came later: each is read on its own, so an older draft keeps its count and code. */
const isContact = shape<OrderContact>({
  name: nullable(textUpTo(200)),
  email: nullable(textUpTo(EMAIL_MAX)),
  phone: nullable(textUpTo(PHONE_INPUT_MAX_LENGTH)),
});
const isAttempt = shape<{ key: string; fingerprint: string }>({ key: textUpTo(128), fingerprint: isString });

function field<T>(value: unknown, guard: Guard<T>, fallback: T): T {
  return guard(value) ? value : fallback;
}

/** A pre-order time already past is dropped (docs/product.md §3): the customer chooses again. */
function futureTime(value: string | null): string | null {
  if (value === null) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) || at <= serverNow() ? null : value;
}

const PERSISTED = ['personCount', 'promoCode', 'contact', 'comment', 'preOrderAt', 'attempt'] as const;

let unsubscribe: (() => void) | null = null;

/** The persisted fields live together under the one key (docs/product.md §3), written whenever one changes. */
export const orderDraftStorage = {
  hydrate() {
    const stored = readStored(STORAGE_KEYS.orderDraft, isStoredDraft) as
      | (Partial<Record<keyof StoredDraft, unknown>> & Pick<StoredDraft, 'personCount' | 'promoCode'>)
      | undefined;
    const contact = field(stored?.contact, isContact, { ...EMPTY_DRAFT_CONTACT });
    const profile = personStore.getState().profile;
    orderDraftStore.setState({
      personCount: stored?.personCount ?? DEFAULT_PERSON_COUNT,
      promoCode: stored?.promoCode ?? null,
      contact: profile ? fillEmptyContact(contact, profile) : contact,
      comment: field(stored?.comment, textUpTo(ORDER_COMMENT_MAX * 4), ''),
      preOrderAt: futureTime(field(stored?.preOrderAt, nullable(textUpTo(40)), null)),
      attempt: field(stored?.attempt, nullable(isAttempt), null),
    });
    unsubscribe?.();
    const stopDraft = orderDraftStore.subscribe((state, previous) => {
      if (PERSISTED.some((key) => state[key] !== previous[key])) {
        const draft: StoredDraft = Object.fromEntries(
          PERSISTED.map((key) => [key, state[key]]),
        ) as unknown as StoredDraft;
        writeStored(STORAGE_KEYS.orderDraft, draft);
      }
    });
    // docs/product.md §4: signing in fills the empty contact fields from the profile; signing out clears them.
    const stopPerson = personStore.subscribe((person, previous) => {
      if (person.profile === previous.profile) return;
      const draft = orderDraftStore.getState();
      if (!person.profile) orderDraftStore.setState({ contact: { ...EMPTY_DRAFT_CONTACT } });
      else orderDraftStore.setState({ contact: fillEmptyContact(draft.contact, person.profile) });
    });
    unsubscribe = () => {
      stopDraft();
      stopPerson();
    };
  },
};

// Loads with the cart page, after the boot's storage checks (like the session): read the draft back then.
orderDraftStorage.hydrate();

export function useOrderDraft<T>(select: (state: OrderDraft) => T): T {
  return useStore(orderDraftStore, select);
}
