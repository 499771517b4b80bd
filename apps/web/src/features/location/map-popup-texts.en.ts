import type { EnglishTexts } from '../../shared/i18n/i18n.ts';
import type { mapPopupTexts } from './map-popup-texts.ts';

/** English texts of namespace 'location-map', shipped in the map popup's own chunk. */
export const mapPopupTextsEn = {
  deliveryTitle: 'Delivery address',
  pickupTitle: 'Pickup point',
  searchLabel: 'Address search',
  searchPlaceholder: 'Street and house number',
  searchHint: 'Type at least 3 characters',
  searching: 'Looking for the address…',
  notFound: 'Address not found',
  searchFailed: 'The address could not be found. Please try again',
  clear: 'Clear',
  confirm: 'Confirm',
  addressRequired: 'Enter a delivery address',
  outsideZone: 'The address is outside the delivery area',
  pickupRequired: 'Choose a pickup point',
  lookingUp: 'Finding the address…',
  reverseFailed: 'The address at this point could not be found. Try the search',
  deliveredBy: 'Delivered by {{resto}} · {{zone}}',
  mapPoint: 'Point on the map',
  deliveryMapLabel: 'Map of delivery areas: click the map or drag the marker to set the point',
  pickupMapLabel: 'Map of pickup points',
  markerTitle: 'Delivery point',
  openingHours: 'Opening hours',
  dayOff: 'Day off',
  roundTheClock: 'Open 24 hours',
  hours: '{{open}}–{{close}}',
  hoursBreak: ', break {{from}}–{{to}}',
  cityFailed: 'The city could not be loaded',
  retry: 'Retry',
} satisfies EnglishTexts<typeof mapPopupTexts>;
