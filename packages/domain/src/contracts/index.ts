export * from './cities.ts';
export * from './common.ts';
export * from './deliveries.ts';
export * from './location.ts';
export * from './menus.ts';
export * from './promotions.ts';
export * from './restos.ts';
export * from './time.ts';
