import type { NamespaceTexts } from './i18n.ts';

/** Texts every part of the storefront uses (namespace 'common'). Russian plural forms: one, few, many. */
export const commonTexts = {
  close: 'Закрыть',
  cancel: 'Отмена',
  ok: 'Ок',
  confirm: 'Подтвердить?',
  save: 'Сохранить',
  retry: 'Повторить',
  loading: 'Загрузка…',
  back: 'Назад',
  requestFailed: 'Не удалось выполнить запрос',
  unknownError: 'Неизвестная ошибка',
  dishes_one: '{{count}} блюдо',
  dishes_few: '{{count}} блюда',
  dishes_many: '{{count}} блюд',
  dishes_other: '{{count}} блюда',
  minutes_one: '{{count}} минута',
  minutes_few: '{{count}} минуты',
  minutes_many: '{{count}} минут',
  minutes_other: '{{count}} минуты',
  required: 'Обязательное поле',
} satisfies NamespaceTexts;
