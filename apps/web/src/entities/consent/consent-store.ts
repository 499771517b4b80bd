import { createStore, useStore } from 'zustand';
import { bindStorage } from '../../shared/storage/bind-storage.ts';
import { STORAGE_KEYS } from '../../shared/storage/keys.ts';
import { isBoolean } from '../../shared/storage/stored-value-guards.ts';

/** The two answers the customer gives once: cookies accepted, age 18+ confirmed (docs/product.md §2 items 8, 9). */
export interface Consent {
  cookiesConsentAccepted: boolean;
  adulthoodConfirmed: boolean;
  /** Set while the adulthood question is on screen; answered through answerAdulthood. */
  adulthoodQuestion: ((adult: boolean) => void) | null;
  acceptCookies(): void;
  /**
   * Resolves true when the customer is 18+ (already confirmed, or answers 'Yes' now). Any feature
   * can ask before showing or adding an adult item (docs/product.md §2 item 9); app/ renders the question.
   */
  requestAdulthood(): Promise<boolean>;
  answerAdulthood(adult: boolean): void;
}

export const consentStore = createStore<Consent>()((set, get) => ({
  cookiesConsentAccepted: false,
  adulthoodConfirmed: false,
  adulthoodQuestion: null,
  acceptCookies: () => set({ cookiesConsentAccepted: true }),
  requestAdulthood: () => {
    if (get().adulthoodConfirmed) return Promise.resolve(true);
    get().adulthoodQuestion?.(false);
    return new Promise<boolean>((resolve) => set({ adulthoodQuestion: resolve }));
  },
  answerAdulthood: (adult) => {
    const resolve = get().adulthoodQuestion;
    set({ adulthoodQuestion: null, ...(adult ? { adulthoodConfirmed: true } : {}) });
    resolve?.(adult);
  },
}));

export const consentStorage = bindStorage(consentStore, {
  cookiesConsentAccepted: { key: STORAGE_KEYS.cookiesConsentAccepted, isValid: isBoolean },
  adulthoodConfirmed: { key: STORAGE_KEYS.adulthoodConfirmed, isValid: isBoolean },
});

export function useConsent<T>(select: (state: Consent) => T): T {
  return useStore(consentStore, select);
}
