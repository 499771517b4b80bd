import type { NamespaceTexts } from '../../shared/i18n/i18n.ts';

/** Namespace 'promotions': the list, the detail layer and the home carousel. */
export const promotionsTexts = {
  title: 'Акции',
  empty: 'Сейчас акций нет',
  loading: 'Загружаем акции…',
  loadFailed: 'Не удалось загрузить акции',
  retry: 'Повторить',
  viewAll: 'Все акции',
  openMenu: 'Открыть меню',
  openDish: 'Открыть блюдо',
  notFound: 'Такой акции сейчас нет',
  close: 'Закрыть',
  until: 'до {{date}}',
  carousel: 'Акции',
  slide: '{{index}} из {{total}}',
  previous: 'Предыдущая акция',
  next: 'Следующая акция',
  pause: 'Остановить прокрутку акций',
  play: 'Возобновить прокрутку акций',
} satisfies NamespaceTexts;
