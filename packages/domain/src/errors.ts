import type { LocalizedText } from './i18n/locale.ts';

/**
 * Every coded error the API answers, with the words a customer reads (SPEC §8). The API picks the
 * message in the request's language; the storefront may translate a code it knows by itself.
 */
export const ERROR_MESSAGES = {
  'request.invalid': { ru: 'Запрос содержит ошибку', en: 'The request is invalid' },
  'request.failed': { ru: 'Не удалось выполнить запрос', en: 'The request could not be completed' },
  'route.not-found': { ru: 'Такого адреса в API нет', en: 'There is no such API path' },
  'method.not-allowed': { ru: 'Метод не поддерживается', en: 'Method not allowed' },
  'payload.too-large': { ru: 'Слишком большой запрос', en: 'The request is too large' },
  unknown: { ru: 'Неизвестная ошибка', en: 'Unknown error' },
  'white-label.not-found': { ru: 'Бренд не найден', en: 'Brand not found' },
  'city.not-found': { ru: 'Город не найден', en: 'City not found' },
  'resto.not-found': { ru: 'Ресторан не найден', en: 'Restaurant not found' },
  'menu.not-found': { ru: 'Меню не найдено', en: 'Menu not found' },
  'position-group.not-found': { ru: 'Группа блюд не найдена', en: 'Dish group not found' },
  'promotion.not-found': { ru: 'Акция не найдена', en: 'Promotion not found' },
  'location.no-restos': { ru: 'Нет привязанных заведений', en: 'No restaurants are linked to this city' },
  'location.no-menus': {
    ru: 'В заведениях выбранного города нет меню',
    en: 'The restaurants of this city have no menu',
  },
  'location.no-zones': { ru: 'Нет зон доставки', en: 'There are no delivery zones' },
  'promo-code.not-found': { ru: 'Промокод не найден', en: 'Promo code not found' },
  'promo-code.not-found-for-resto': {
    ru: 'Промокод не действует в этом ресторане',
    en: 'The promo code is not valid in this restaurant',
  },
  'promo-code.limit-exceed': { ru: 'Промокод уже использован', en: 'The promo code has already been used' },
  'promo-code.person-limit-exceed': {
    ru: 'Вы уже использовали этот промокод максимальное число раз',
    en: 'You have already used this promo code as many times as allowed',
  },
  'promo-code.before-start': { ru: 'Промокод ещё не действует', en: 'The promo code is not active yet' },
  'promo-code.after-finish': { ru: 'Срок действия промокода истёк', en: 'The promo code has expired' },
  'promo-code.invalid-delivery-method': {
    ru: 'Промокод не действует для этого способа получения',
    en: 'The promo code is not valid for this delivery method',
  },
  'promo-code.not-active': { ru: 'Промокод больше не действует', en: 'The promo code is no longer valid' },
  'promo-code.hour-not-active': {
    ru: 'Промокод не действует в это время',
    en: 'The promo code is not available at this hour',
  },
  'promo-code.min-order-amount': {
    ru: 'Сумма заказа меньше минимальной для промокода',
    en: 'The order total is below the promo code minimum',
  },
} as const satisfies Record<string, LocalizedText>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** The answer body of every failed call (SPEC §8, DESIGN 'API conventions'). */
export interface ErrorBody {
  errors: { code: string; message: string; field?: string }[];
}
