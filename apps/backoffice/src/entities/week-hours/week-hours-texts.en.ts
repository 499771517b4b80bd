import type { EnglishTexts } from '@storefront/web/src/shared/i18n/i18n.ts';
import type { weekHoursTexts } from './week-hours-texts.ts';

export const weekHoursTextsEn = {
  day_1: 'Monday',
  day_2: 'Tuesday',
  day_3: 'Wednesday',
  day_4: 'Thursday',
  day_5: 'Friday',
  day_6: 'Saturday',
  day_7: 'Sunday',
  mode: 'Mode',
  mode_off: 'Day off',
  mode_hours: 'Hours',
  mode_allDay: 'Round the clock',
  open: 'Opens',
  close: 'Closes',
  openDay: 'Opens, {{day}}',
  closeDay: 'Closes, {{day}}',
  hasBreak: 'Break',
  breakFrom: 'Break from',
  breakTo: 'Break until',
  hasBreakDay: 'Break, {{day}}',
  breakFromDay: 'Break from, {{day}}',
  breakToDay: 'Break until, {{day}}',
  hoursHint: 'Closing at 00:00 is the end of the day; closing before opening runs past midnight',
} satisfies EnglishTexts<typeof weekHoursTexts>;
