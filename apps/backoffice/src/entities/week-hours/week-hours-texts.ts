import type { NamespaceTexts } from '@storefront/web/src/shared/i18n/i18n.ts';

/** The week grid (opening hours, a restaurant's own pre-order hours); English: week-hours-texts.en.ts. */
export const weekHoursTexts = {
  day_1: 'Понедельник',
  day_2: 'Вторник',
  day_3: 'Среда',
  day_4: 'Четверг',
  day_5: 'Пятница',
  day_6: 'Суббота',
  day_7: 'Воскресенье',
  mode: 'Режим',
  mode_off: 'Выходной',
  mode_hours: 'Часы',
  mode_allDay: 'Круглосуточно',
  open: 'Открытие',
  close: 'Закрытие',
  openDay: 'Открытие, {{day}}',
  closeDay: 'Закрытие, {{day}}',
  hasBreak: 'Перерыв',
  breakFrom: 'Перерыв с',
  breakTo: 'Перерыв до',
  hasBreakDay: 'Перерыв, {{day}}',
  breakFromDay: 'Перерыв с, {{day}}',
  breakToDay: 'Перерыв до, {{day}}',
  hoursHint: 'Закрытие 00:00 — до конца дня; закрытие раньше открытия — работа после полуночи',
} satisfies NamespaceTexts;
