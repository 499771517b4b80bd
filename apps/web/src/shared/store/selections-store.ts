import type { CustomerDeliveryMethod, PaymentMethod } from '@storefront/domain';
import type { DeliveryPlaceValue } from '@storefront/domain/contracts';
import * as z from 'zod/mini';
import { createStore, useStore } from 'zustand';
import { STORAGE_KEYS } from '../storage/keys.ts';
import { bindStorage } from './bind-storage.ts';

/** SPEC §3 'Selections': what the customer saved in the location popup, kept across visits. */
export interface Selections {
  cityId: number | null;
  deliveryMethod: CustomerDeliveryMethod | null;
  paymentMethod: PaymentMethod | null;
  restoId: number | null;
  deliveryPlace: DeliveryPlaceValue | null;
  save(next: Omit<Selections, 'save' | 'reset'>): void;
  reset(): void;
}

const empty = { cityId: null, deliveryMethod: null, paymentMethod: null, restoId: null, deliveryPlace: null };

export const selectionsStore = createStore<Selections>()((set) => ({
  ...empty,
  save: (next) => set(next),
  reset: () => set(empty),
}));

// zod/mini keeps these checks out of the first visit's bundle weight (decision 8).
const id = z.int().check(z.positive());
const text = (max: number) => z.nullable(z.string().check(z.maxLength(max)));
const deliveryPlace = z.object({
  address: text(300),
  apartment: text(50),
  entrance: text(50),
  floor: text(50),
  intercom: text(50),
  comment: text(100),
  location: z.nullable(z.object({ lat: z.number(), lng: z.number() })),
});
export const selectionsStorage = bindStorage(selectionsStore, {
  cityId: { key: STORAGE_KEYS.cityId, schema: z.nullable(id) },
  deliveryMethod: { key: STORAGE_KEYS.deliveryMethod, schema: z.nullable(z.enum(['DELIVERY', 'TAKE_AWAY'])) },
  paymentMethod: {
    key: STORAGE_KEYS.paymentMethod,
    schema: z.nullable(z.enum(['CARD_ONLINE', 'CARD_UPON_RECEIPT', 'CASH_UPON_RECEIPT'])),
  },
  restoId: { key: STORAGE_KEYS.restoId, schema: z.nullable(id) },
  deliveryPlace: { key: STORAGE_KEYS.deliveryPlace, schema: z.nullable(deliveryPlace) },
});

export function useSelections<T>(select: (state: Selections) => T): T {
  return useStore(selectionsStore, select);
}

/**
 * SPEC §4 'Boot': the first boot (storage just initialised or cleared) applies the brand's configured
 * defaults, when the brand names a city. A returning customer's own choice always wins.
 */
export function applyFirstBootDefaults(
  firstBoot: boolean,
  defaults: { cityId: number | null; deliveryMethod: CustomerDeliveryMethod | null; restoId: number | null },
): boolean {
  if (!firstBoot || defaults.cityId === null || selectionsStore.getState().cityId !== null) return false;
  selectionsStore.getState().save({
    cityId: defaults.cityId,
    deliveryMethod: defaults.deliveryMethod,
    restoId: defaults.restoId,
    paymentMethod: null,
    deliveryPlace: null,
  });
  return true;
}
