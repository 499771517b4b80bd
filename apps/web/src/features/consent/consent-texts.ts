import type { NamespaceTexts } from '../../shared/i18n/i18n.ts';

export const consentTexts = {
  cookies: 'Мы используем файлы cookie, чтобы сайт работал и запоминал ваш выбор.',
  accept: 'Принять',
  learnMore: 'Подробнее',
  adultTitle: 'Вам уже есть 18 лет?',
  adultText: 'Этот раздел содержит алкогольную продукцию. Она продаётся только совершеннолетним.',
  no: 'Нет',
  yes: 'Да',
} satisfies NamespaceTexts;
