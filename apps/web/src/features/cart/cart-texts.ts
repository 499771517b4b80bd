import type { NamespaceTexts } from '../../shared/i18n/i18n.ts';

export const cartTexts = {
  title: 'Корзина',
  empty: 'В корзине пока пусто',
  checkout: 'Оформить заказ',
  checkoutSoon: 'Оформление заказа появится в ближайшем обновлении',
  backToMenu: 'Вернуться в меню',
  button: 'Корзина',
} satisfies NamespaceTexts;
