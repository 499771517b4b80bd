import type { Texts } from '../../shared/i18n/i18n.ts';

export const consentTexts = {
  ru: {
    cookies: 'Мы используем файлы cookie, чтобы сайт работал и запоминал ваш выбор.',
    accept: 'Принять',
    learnMore: 'Подробнее',
    adultTitle: 'Вам уже есть 18 лет?',
    adultText: 'Этот раздел содержит алкогольную продукцию. Она продаётся только совершеннолетним.',
    no: 'Нет',
    yes: 'Да',
  },
  en: {
    cookies: 'We use cookies so the site works and remembers your choices.',
    accept: 'Accept',
    learnMore: 'Learn more',
    adultTitle: 'Are you 18 or older?',
    adultText: 'This section contains alcoholic drinks. They are sold to adults only.',
    no: 'No',
    yes: 'Yes',
  },
} satisfies Texts;
