import {
  CUSTOMER_DELIVERY_METHODS,
  type CustomerDeliveryMethod,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '@storefront/domain';
import type { DeliveryPlaceValue } from '@storefront/domain/contracts';
import { createStore, useStore } from 'zustand';
import { bindStorage } from '../../shared/storage/bind-storage.ts';
import { STORAGE_KEYS } from '../../shared/storage/keys.ts';
import {
  isFiniteNumber,
  isPositiveInt,
  nullable,
  oneOf,
  shape,
  textUpTo,
} from '../../shared/storage/stored-value-guards.ts';

/** docs/product.md §3 'Selections': what the customer saved in the location popup, kept across visits. */
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

/**
 * docs/product.md §4 'Boot': a first boot that applied the brand's defaults still asks for the address: the popup
 * opens persistent and stays until the customer saves a choice (any save ends it). Kept in memory only.
 */
export const firstChoiceStore = createStore<{ pending: boolean }>()(() => ({ pending: false }));

export const selectionsStore = createStore<Selections>()((set) => ({
  ...empty,
  save: (next) => {
    set(next);
    if (firstChoiceStore.getState().pending) firstChoiceStore.setState({ pending: false });
  },
  reset: () => set(empty),
}));

const text = (max: number) => nullable(textUpTo(max));
const isDeliveryPlace = shape<DeliveryPlaceValue>({
  address: text(300),
  apartment: text(50),
  entrance: text(50),
  floor: text(50),
  intercom: text(50),
  comment: text(100),
  location: nullable(shape({ lat: isFiniteNumber, lng: isFiniteNumber })),
});

export const selectionsStorage = bindStorage(selectionsStore, {
  cityId: { key: STORAGE_KEYS.cityId, isValid: nullable(isPositiveInt) },
  deliveryMethod: {
    key: STORAGE_KEYS.deliveryMethod,
    isValid: nullable(oneOf(CUSTOMER_DELIVERY_METHODS)),
  },
  paymentMethod: {
    key: STORAGE_KEYS.paymentMethod,
    isValid: nullable(oneOf(PAYMENT_METHODS)),
  },
  restoId: { key: STORAGE_KEYS.restoId, isValid: nullable(isPositiveInt) },
  deliveryPlace: { key: STORAGE_KEYS.deliveryPlace, isValid: nullable(isDeliveryPlace) },
});

export function useSelections<T>(select: (state: Selections) => T): T {
  return useStore(selectionsStore, select);
}

/**
 * docs/product.md §4 'Boot': the first boot (storage just initialised or cleared) applies the brand's configured
 * defaults, when the brand names a city, and the address popup still opens, persistent, on them
 * (firstChoiceStore). A returning customer's own choice always wins.
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
  firstChoiceStore.setState({ pending: true });
  return true;
}

/**
 * What a first screen the server drew knew of the selections (decision 44): the choice its cookie names, no
 * delivery place and no payment method (the cookie carries nothing personal). The browser's hydration reads the
 * same, then draws the rest.
 */
export function selectionsAsDrawn(
  choice: Pick<Selections, 'cityId' | 'restoId' | 'deliveryMethod'>,
): Selections {
  return { ...selectionsStore.getState(), ...choice, deliveryPlace: null, paymentMethod: null };
}
