import type { NamespaceTexts } from '@storefront/web/src/shared/i18n/i18n.ts';

/** The back office's frame: its title and the sections of its navigation. English: shell-texts.en.ts. */
export const shellTexts = {
  documentTitle: 'Бэк-офис — {{brand}}',
  navigation: 'Разделы',
  board: 'Заказы',
  menu: 'Меню',
  audit: 'Журнал изменений',
  menuSections: 'Разделы меню',
  dishes: 'Блюда',
  groups: 'Группы',
  menus: 'Меню и рестораны',
  modifiers: 'Модификаторы',
  timeSlots: 'Время продаж',
  importExport: 'Импорт и экспорт',
  restaurants: 'Рестораны',
  restaurantSections: 'Разделы ресторанов',
  marketing: 'Акции и промокоды',
  marketingSections: 'Разделы акций',
  brand: 'Бренд',
  brandSections: 'Разделы бренда',
  staff: 'Сотрудники',
  account: 'Пароль и вход',
  signOut: 'Выйти',
  language: 'Язык',
  notFound: 'Такой страницы нет',
  toBoard: 'К заказам',
} satisfies NamespaceTexts;
