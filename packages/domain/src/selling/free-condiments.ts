/** A condiment the brand gives free to each person of an order (chopsticks, soy sauce, ginger, wasabi). */
export interface FreeCondiment {
  positionId: number;
  /** How many each person gets free (1–FREE_CONDIMENT_PER_PERSON_MAX). */
  perPerson: number;
}

/** A free line the server adds to an order: the condiment, how many, and the persons it was counted for. */
export interface FreeCondimentLine {
  positionId: number;
  count: number;
  perPerson: number;
}

/**
 * The free lines of an order for `personCount` persons: each condiment × persons, in the brand's order. The
 * customer's own lines of the same dish are extras beyond the free ones and cost their price. A condiment
 * missing from `orderable` (not in the restaurant's menus for the method, stopped today) is left out; a dish named
 * twice counts once.
 */
export function freeCondimentLines(
  condiments: readonly FreeCondiment[],
  personCount: number,
  orderable: (positionId: number) => boolean = () => true,
): FreeCondimentLine[] {
  const persons = Number.isInteger(personCount) && personCount > 0 ? personCount : 1;
  const seen = new Set<number>();
  // A dish named twice in the settings counts once, as first named.
  const once = condiments.filter((c) => !seen.has(c.positionId) && seen.add(c.positionId));
  return once
    .filter((c) => c.perPerson > 0 && orderable(c.positionId))
    .map((c) => ({ positionId: c.positionId, count: c.perPerson * persons, perPerson: c.perPerson }));
}
