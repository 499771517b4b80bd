import { deliveryPlaceTextsEn } from '../../entities/location/delivery-place-wording.ts';
import type { EnglishTexts } from '../../shared/i18n/i18n.ts';
import type { locationTexts } from './location-texts.ts';

/** English texts: loaded only when a customer chooses English. */
export const locationTextsEn = {
  title: 'Address',
  chooseCity: 'Choose your city',
  changeCity: '{{city}}, change city',
  methods: 'How to get your order',
  DELIVERY: 'Delivery',
  TAKE_AWAY: 'Pickup',
  address: 'Delivery address',
  addressPlaceholder: 'Set the address on the map',
  ...deliveryPlaceTextsEn,
  apartment: 'Apartment / office',
  entrance: 'Entrance',
  floor: 'Floor',
  intercom: 'Intercom',
  comment: 'Note for the courier',
  tooLong: 'At most {{max}} characters',
  pickupPoints: 'Pickup points',
  pickOnMap: 'Pick on the map',
  deliveryTerms: 'Delivery terms',
  save: 'Save',
  confirmTitle: 'Confirm the address',
  confirmText:
    'The address has no house number. Add it, or write it in the order comment so the courier can find you.',
  refine: 'Edit the address',
  continueWithout: 'Continue without a number',
  nearestOutside: 'We do not deliver here, but you can pick the order up',
  nearestTake: 'Pick up at {{name}}, {{distance}}',
  problems: {
    'city-required': 'This field is required',
    'method-required': 'This field is required',
    'no-restos': 'No restaurants are linked to this city',
    'no-menus': 'The restaurants of this city have no menu',
    'no-zones': 'There are no delivery zones',
    'delivery-address-required': 'Enter the delivery address',
    'address-outside-zone': 'The address is outside the delivery area',
    'no-pickup-points': 'No pickup points are available',
    'pickup-required': 'Choose a pickup point',
  },
  loadFailed: "The city's restaurants could not be loaded",
  retry: 'Try again',
} satisfies EnglishTexts<typeof locationTexts>;
