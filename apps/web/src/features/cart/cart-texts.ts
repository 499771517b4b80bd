import type { Texts } from '../../shared/i18n/i18n.ts';

export const cartTexts = {
  ru: { title: 'Корзина', empty: 'В корзине пока пусто', backToMenu: 'Вернуться в меню', button: 'Корзина' },
  en: { title: 'Cart', empty: 'Your cart is empty', backToMenu: 'Back to the menu', button: 'Cart' },
} satisfies Texts;
