import type { EnglishTexts } from '@storefront/web/src/shared/i18n/i18n.ts';
import type { shellTexts } from './shell-texts.ts';

export const shellTextsEn = {
  documentTitle: 'Back office — {{brand}}',
  navigation: 'Sections',
  board: 'Orders',
  menu: 'Menu',
  audit: 'Change log',
  menuSections: 'Menu sections',
  dishes: 'Dishes',
  groups: 'Groups',
  menus: 'Menus and restaurants',
  modifiers: 'Modifiers',
  timeSlots: 'Selling hours',
  importExport: 'Import and export',
  restaurants: 'Restaurants',
  restaurantSections: 'Restaurant sections',
  marketing: 'Promotions and codes',
  marketingSections: 'Promotion sections',
  brand: 'Brand',
  brandSections: 'Brand sections',
  staff: 'Staff',
  account: 'Password and sign-in',
  signOut: 'Sign out',
  language: 'Language',
  notFound: 'There is no such page',
  toBoard: 'To the orders',
} satisfies EnglishTexts<typeof shellTexts>;
