import * as z from 'zod/mini';
import { createStore, useStore } from 'zustand';
import { STORAGE_KEYS } from '../storage/keys.ts';
import { bindStorage } from './bind-storage.ts';

/** The two answers the customer gives once: cookies accepted, age 18+ confirmed (SPEC §2 items 8, 9). */
export interface Consent {
  cookiesConsentAccepted: boolean;
  adulthoodConfirmed: boolean;
  acceptCookies(): void;
  confirmAdulthood(): void;
}

export const consentStore = createStore<Consent>()((set) => ({
  cookiesConsentAccepted: false,
  adulthoodConfirmed: false,
  acceptCookies: () => set({ cookiesConsentAccepted: true }),
  confirmAdulthood: () => set({ adulthoodConfirmed: true }),
}));

export const consentStorage = bindStorage(consentStore, {
  cookiesConsentAccepted: { key: STORAGE_KEYS.cookiesConsentAccepted, schema: z.boolean() },
  adulthoodConfirmed: { key: STORAGE_KEYS.adulthoodConfirmed, schema: z.boolean() },
});

export function useConsent<T>(select: (state: Consent) => T): T {
  return useStore(consentStore, select);
}
