/**
 * docs/product.md §3 'Resto': a chain exists when more than one restaurant exists. The storefront
 * knows the brand's cities and the chosen city's restaurants: more than one restaurant there, or more
 * than one city (each city of the list has a restaurant of its own), is a chain.
 */
export function isChain(known: { cities: readonly unknown[]; restos: readonly unknown[] }): boolean {
  return known.restos.length > 1 || known.cities.length > 1;
}
