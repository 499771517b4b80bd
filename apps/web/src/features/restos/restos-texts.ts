import type { Texts } from '../../shared/i18n/i18n.ts';

export const restosTexts = {
  ru: {
    title: 'Рестораны',
    empty: 'В этом городе пока нет ресторанов',
    notFound: 'Ресторан не найден',
    averageCheck: 'Средний чек',
    phones: 'Телефоны',
    all: 'Все рестораны',
    dayOffTitle: 'Сейчас заказы не принимаются',
    dayOffText:
      '{{name}} сейчас закрыт. Мы примем заказ, когда ресторан откроется, или выберите другой адрес или самовывоз.',
    opensAt: 'Откроемся: {{day}}, {{time}}',
    opensToday: 'Откроемся сегодня в {{time}}',
    understood: 'Понятно',
    changeAddress: 'Изменить адрес',
    weekdays: ['понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота', 'воскресенье'],
  },
  en: {
    title: 'Restaurants',
    empty: 'No restaurants in this city yet',
    notFound: 'Restaurant not found',
    averageCheck: 'Average bill',
    phones: 'Phones',
    all: 'All restaurants',
    dayOffTitle: 'Orders are not accepted right now',
    dayOffText:
      '{{name}} is closed now. We will take your order when it opens, or choose another address or pickup.',
    opensAt: 'Opens: {{day}}, {{time}}',
    opensToday: 'Opens today at {{time}}',
    understood: 'Got it',
    changeAddress: 'Change address',
    weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  },
} satisfies Texts;
