import type { NamespaceTexts } from '../../shared/i18n/i18n.ts';

export const searchTexts = {
  title: 'Поиск по меню',
  placeholder: 'Поиск',
  back: 'Назад',
  clear: 'Очистить',
  hint: 'Название блюда или ингредиент, например «угорь» или «hjkk»',
  nothing: 'Ничего не нашлось по запросу «{{query}}»',
  results_one: 'Нашлось {{count}} блюдо',
  results_few: 'Нашлось {{count}} блюда',
  results_many: 'Нашлось {{count}} блюд',
  results_other: 'Нашлось {{count}} блюда',
  open: 'Поиск по меню',
} satisfies NamespaceTexts;
