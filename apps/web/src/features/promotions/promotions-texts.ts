import type { Texts } from '../../shared/i18n/i18n.ts';

export const promotionsTexts = {
  ru: {
    title: 'Акции',
    empty: 'Сейчас акций нет',
    viewAll: 'Все акции',
    notFound: 'Такой акции сейчас нет',
    close: 'Закрыть',
  },
  en: {
    title: 'Promotions',
    empty: 'No promotions right now',
    viewAll: 'All promotions',
    notFound: 'This promotion is not running',
    close: 'Close',
  },
} satisfies Texts;
