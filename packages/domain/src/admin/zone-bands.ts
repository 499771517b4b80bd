/** One order-sum band of a delivery zone as the back office edits it: orders in [min, max) cost `deliveryPrice`. */
export interface ZoneBand {
  orderPriceMin: number;
  /** Exclusive; null: no upper limit (only the last band may have none). */
  orderPriceMax: number | null;
  deliveryPrice: number;
  timeMinutes: number;
}

/**
 * Where a zone's bands break the rules, as a field path ('bands.2.orderPriceMin'), or null: each band's `to` above
 * its `from`, the bands sorted by `from`, none starting before the previous one ends (a gap is allowed: the storefront
 * asks for more in it), an open `to` only on the last. Money and minutes are non-negative by the contract already.
 */
export function zoneBandsProblem(bands: readonly ZoneBand[]): string | null {
  for (const [index, band] of bands.entries()) {
    if (band.orderPriceMax !== null && band.orderPriceMax <= band.orderPriceMin)
      return `bands.${index}.orderPriceMax`;
    const previous = bands[index - 1];
    if (!previous) continue;
    if (previous.orderPriceMax === null) return `bands.${index - 1}.orderPriceMax`;
    if (band.orderPriceMin < previous.orderPriceMax) return `bands.${index}.orderPriceMin`;
  }
  return null;
}
