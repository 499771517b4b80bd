import type { Texts } from '../../shared/i18n/i18n.ts';

export const restosTexts = {
  ru: {
    title: 'Рестораны',
    empty: 'В этом городе пока нет ресторанов',
    notFound: 'Ресторан не найден',
    averageCheck: 'Средний чек',
    phones: 'Телефоны',
    all: 'Все рестораны',
  },
  en: {
    title: 'Restaurants',
    empty: 'No restaurants in this city yet',
    notFound: 'Restaurant not found',
    averageCheck: 'Average bill',
    phones: 'Phones',
    all: 'All restaurants',
  },
} satisfies Texts;
