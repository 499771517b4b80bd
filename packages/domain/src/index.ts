export * from './errors.ts';
export * from './geo/geo.ts';
export * from './i18n/describe-issue.ts';
export * from './i18n/locale.ts';
export * from './methods/methods.ts';
export * from './money/money.ts';
export * from './schedule/schedule.ts';
