import type { LocalizedText } from '../i18n/locale.ts';
import type { DeclineReason } from './staff-model.ts';

/** What the customer reads when the restaurant declines (and what staff pick from). */
export const DECLINE_REASON_TEXTS: Readonly<Record<DeclineReason, LocalizedText>> = {
  'kitchen-overloaded': {
    ru: 'Кухня перегружена и не успеет приготовить заказ вовремя',
    en: 'The kitchen is overloaded and cannot make the order in time',
  },
  'dish-unavailable': {
    ru: 'Некоторые блюда из заказа закончились',
    en: 'Some dishes of the order have run out',
  },
  'closing-soon': {
    ru: 'Ресторан скоро закрывается и не успеет выполнить заказ',
    en: 'The restaurant is closing soon and cannot complete the order',
  },
  'address-unreachable': {
    ru: 'Курьер не сможет доставить заказ по этому адресу',
    en: 'A courier cannot deliver to this address',
  },
  'customer-unreachable': {
    ru: 'Мы не смогли дозвониться, чтобы подтвердить заказ',
    en: 'We could not reach you by phone to confirm the order',
  },
  'suspected-prank': {
    ru: 'Заказ выглядит ошибочным; позвоните в ресторан, если он настоящий',
    en: 'The order looks mistaken; please call the restaurant if it is real',
  },
  other: {
    ru: 'Ресторан не может принять заказ',
    en: 'The restaurant cannot take the order',
  },
};
