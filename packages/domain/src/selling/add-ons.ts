import { ADD_ONS_LISTED_MAX, ADD_ONS_OFTEN_MAX } from './selling-constants.ts';

/** Why a dish is offered in the cart's 'Добавить к заказу'. */
export type AddOnReason = 'listed' | 'often';

export interface AddOn {
  positionId: number;
  reason: AddOnReason;
}

export interface AddOnFacts {
  /** The add-on lists of the restaurant's menus for the method, in menu order, each in its manager's order. */
  listed: readonly number[];
  /** Dishes often ordered with the cart's, most often first (the restaurant's co-occurrence, computed apart). */
  often: readonly number[];
  /** The dishes already in the cart. */
  inCart: ReadonlySet<number>;
  /** In the restaurant's menus for the method, not stopped today, inside its time slot now. */
  orderable: (positionId: number) => boolean;
  /** An 18+ dish; offered only once the customer has confirmed their age. */
  isAdult: (positionId: number) => boolean;
  adultConfirmed: boolean;
}

/**
 * The add-ons a cart offers: the menus' lists first, then what is often ordered with the cart. Never a dish in
 * the cart, one that cannot be ordered now, an 18+ one before the age is confirmed, or the same dish twice.
 */
export function pickAddOns(facts: AddOnFacts): AddOn[] {
  const seen = new Set<number>();
  const offer = (positionId: number) => {
    if (seen.has(positionId) || facts.inCart.has(positionId)) return false;
    if (!facts.orderable(positionId)) return false;
    if (!facts.adultConfirmed && facts.isAdult(positionId)) return false;
    seen.add(positionId);
    return true;
  };
  const listed = facts.listed.filter(offer).slice(0, ADD_ONS_LISTED_MAX);
  const often = facts.often.filter(offer).slice(0, ADD_ONS_OFTEN_MAX);
  return [
    ...listed.map((positionId) => ({ positionId, reason: 'listed' as const })),
    ...often.map((positionId) => ({ positionId, reason: 'often' as const })),
  ];
}
