import type { NamespaceTexts } from '../../shared/i18n/i18n.ts';

export const bootTexts = {
  loading: 'Загружаем меню…',
  failedTitle: 'Не удалось загрузить витрину',
  failedHint: 'Проверьте подключение к интернету и попробуйте ещё раз.',
  retry: 'Повторить',
  // docs/product.md §8: what failed, when the answer did not say it in its own words.
  clockFailed: 'Не удалось получить время сервера (UTC)',
  citiesFailed: 'Не удалось загрузить города',
  locationFailed: 'Не удалось загрузить рестораны и зоны доставки',
  menuGroupsFailed: 'Не удалось загрузить группы меню',
  menuGroupsNotFound: 'Группы меню не найдены',
  menuPositionsFailed: 'Не удалось загрузить позиции меню',
  menuPositionsNotFound: 'Позиции меню не найдены',
  promotionsFailed: 'Не удалось загрузить акции',
  modifiersFailed: 'Не удалось загрузить добавки к блюдам',
  timeSlotsFailed: 'Не удалось загрузить расписание блюд',
  workingHoursFailed: 'Не удалось загрузить часы работы',
  status: 'Код ответа сервера: {{status}}',
  noAnswer: 'Сервер не ответил',
} satisfies NamespaceTexts;
