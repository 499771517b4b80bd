import type { LatLng } from './geo.ts';

/** docs/product.md §3 'Geocoded address': what a geocoder knows about a point or a chosen suggestion. */
export interface GeocodedAddress {
  country: string | null;
  region: string | null;
  city: string | null;
  street: string | null;
  houseNumber: string | null;
  coordinates: LatLng;
  /** The provider's id of the place (Nominatim 'N123' / Google place id); null for a bare point. */
  placeId: string | null;
}

/**
 * The address line a delivery place keeps: 'street, house' as Russian addresses are written, the
 * street alone when there is no house, and null when the point has no street at all (a bare point,
 * which the UI names in the customer's language).
 */
export function deliveryAddressLine(address: Pick<GeocodedAddress, 'street' | 'houseNumber'>): string | null {
  const street = address.street?.trim();
  if (!street) return null;
  const house = address.houseNumber?.trim();
  return house ? `${street}, ${house}` : street;
}
