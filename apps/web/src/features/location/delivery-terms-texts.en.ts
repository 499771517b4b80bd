import type { EnglishTexts } from '../../shared/i18n/i18n.ts';
import type { deliveryTermsTexts } from './delivery-terms-texts.ts';

/** English texts of the delivery-terms table: loaded only when a customer chooses English. */
export const deliveryTermsTextsEn = {
  termsTitle: 'Delivery terms',
  orderSum: 'Order total',
  deliveryCost: 'Delivery cost',
  deliveryTime: 'Delivery time',
  from: 'from {{amount}}',
  fromTo: '{{from}} – {{to}}',
  free: 'Free',
  minutes: '{{count}} min',
} satisfies EnglishTexts<typeof deliveryTermsTexts>;
