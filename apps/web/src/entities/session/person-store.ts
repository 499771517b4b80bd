import {
  EMPTY_CONTACT,
  fillEmptyContact,
  isAuthorised,
  type OrderContact,
  type StoredTokenSet,
  TOKEN_SOURCES,
} from '@storefront/domain';
import type { PersonProfile } from '@storefront/domain/contracts';
import { createStore, useStore } from 'zustand';
import { bindStorage } from '../../shared/storage/bind-storage.ts';
import { STORAGE_KEYS } from '../../shared/storage/keys.ts';
import { readStored } from '../../shared/storage/local-storage.ts';
import {
  arrayOf,
  type Guard,
  isPositiveInt,
  isString,
  nullable,
  oneOf,
  shape,
} from '../../shared/storage/stored-value-guards.ts';

/** The signed-in person (docs/product.md §3 'Token set', 'Person profile'; §4 'Authorisation'). */
export interface PersonState {
  tokens: StoredTokenSet | null;
  profile: PersonProfile | null;
  /** The order draft's person: filled from the profile on sign-in, cleared on sign-out. */
  contact: OrderContact;
  setTokens(tokens: StoredTokenSet): void;
  signedIn(tokens: StoredTokenSet, profile: PersonProfile): void;
  setContact(contact: Partial<OrderContact>): void;
  signedOut(): void;
}

export const personStore = createStore<PersonState>()((set) => ({
  tokens: null,
  profile: null,
  contact: { ...EMPTY_CONTACT },
  setTokens: (tokens) => set({ tokens }),
  // docs/product.md §4: the token set is stored, then the profile, and empty person fields are filled from it.
  signedIn: (tokens, profile) =>
    set((state) => ({ tokens, profile, contact: fillEmptyContact(state.contact, profile) })),
  setContact: (contact) => set((state) => ({ contact: { ...state.contact, ...contact } })),
  // docs/product.md §4: sign-out clears both tokens, the profile and the person's email, name and phone.
  signedOut: () => set({ tokens: null, profile: null, contact: { ...EMPTY_CONTACT } }),
}));

const text = nullable(isString);
const isTokenSet = shape<StoredTokenSet>({
  accessToken: isString,
  refreshToken: isString,
  vkAccessToken: ((value: unknown) => value === undefined || typeof value === 'string') as Guard<
    string | undefined
  >,
  source: oneOf(TOKEN_SOURCES),
});
const isProfile = shape<PersonProfile>({
  id: isPositiveInt,
  accountIds: arrayOf(isPositiveInt),
  avatar: text,
  deliveries: arrayOf(shape({ email: text, personName: text, phone: text })),
  email: text,
  firstName: text,
  lastName: text,
  patronymic: text,
  phone: text,
});

export const personStorage = bindStorage(personStore, {
  tokens: { key: STORAGE_KEYS.personTokenSet, isValid: nullable(isTokenSet) },
  profile: { key: STORAGE_KEYS.personProfile, isValid: nullable(isProfile) },
});
// This module loads with the first page that needs the person (never on the first screen), after the
// boot's storage checks: read the stored session back then.
personStorage.hydrate();

/** The token set as local storage holds it now: another tab may have rotated it a moment ago. */
export function storedTokenSet(): StoredTokenSet | null {
  return readStored(STORAGE_KEYS.personTokenSet, isTokenSet) ?? null;
}

/**
 * Open tabs share one session (decision 42): a token set or profile another tab writes (a refresh, a
 * sign-in) is taken over here, and its sign-out signs this tab out too. Storage events only reach the
 * other tabs, so nothing here writes back to the tab it came from.
 */
export function followOtherTabs(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null) return personStore.getState().signedOut();
    if (event.key === STORAGE_KEYS.personTokenSet) {
      const tokens = storedTokenSet();
      if (tokens) personStore.setState({ tokens });
      else if (personStore.getState().tokens) personStore.getState().signedOut();
    } else if (event.key === STORAGE_KEYS.personProfile) {
      const profile = readStored(STORAGE_KEYS.personProfile, isProfile);
      if (profile) personStore.setState({ profile });
    }
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
if (typeof window !== 'undefined') followOtherTabs();

export function usePerson<T>(select: (state: PersonState) => T): T {
  return useStore(personStore, select);
}

export function useIsAuthorised(): boolean {
  return usePerson((state) => isAuthorised(state.profile, state.tokens));
}
