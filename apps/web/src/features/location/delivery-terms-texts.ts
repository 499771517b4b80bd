import type { NamespaceTexts } from '../../shared/i18n/i18n.ts';

/** The 'Условия доставки' table (namespace 'delivery-terms'), shown from the location popup and the cart. */
export const deliveryTermsTexts = {
  termsTitle: 'Условия доставки',
  orderSum: 'Сумма заказа',
  deliveryCost: 'Стоимость доставки',
  deliveryTime: 'Время доставки',
  from: 'от {{amount}}',
  fromTo: '{{from}} – {{to}}',
  free: 'Бесплатно',
  minutes: '{{count}} мин',
} satisfies NamespaceTexts;
