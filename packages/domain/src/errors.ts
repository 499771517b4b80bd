import type { z } from 'zod';
import type { errorBody } from './contracts/common.ts';
import type { LocalizedText } from './i18n/locale.ts';
import { REQUEST_FAILED_TEXT } from './request-failed-text.ts';

/**
 * Every coded error the API answers, with the words a customer reads (docs/product.md §8). The API picks the
 * message in the request's language; the storefront may translate a code it knows by itself.
 */
export const ERROR_MESSAGES = {
  'request.invalid': { ru: 'Запрос содержит ошибку', en: 'The request is invalid' },
  'request.failed': REQUEST_FAILED_TEXT,
  'route.not-found': { ru: 'Такого адреса в API нет', en: 'There is no such API path' },
  'method.not-allowed': { ru: 'Метод не поддерживается', en: 'Method not allowed' },
  'payload.too-large': { ru: 'Слишком большой запрос', en: 'The request is too large' },
  /** A browser preflight from a site that is not one of the storefront's origins (CORS_ORIGINS, decision 25). */
  'origin.not-allowed': {
    ru: 'Запросы с этого сайта не принимаются',
    en: 'Requests from this site are not accepted',
  },
  unknown: { ru: 'Неизвестная ошибка', en: 'Unknown error' },
  /** GET /readyz: the instance cannot serve yet (its database does not answer, its catalog is not loaded). */
  'service.not-ready': { ru: 'Сервис ещё не готов', en: 'The service is not ready' },
  'white-label.not-found': { ru: 'Бренд не найден', en: 'Brand not found' },
  'city.not-found': { ru: 'Город не найден', en: 'City not found' },
  'resto.not-found': { ru: 'Ресторан не найден', en: 'Restaurant not found' },
  'menu.not-found': { ru: 'Меню не найдено', en: 'Menu not found' },
  /** The order board's stop-list names a dish the brand does not have (decision 23). */
  'position.not-found': { ru: 'Такого блюда нет в меню', en: 'There is no such dish on the menu' },
  'position-group.not-found': { ru: 'Группа блюд не найдена', en: 'Dish group not found' },
  'promotion.not-found': { ru: 'Акция не найдена', en: 'Promotion not found' },
  'location.no-restos': { ru: 'Нет привязанных заведений', en: 'No restaurants are linked to this city' },
  'location.no-menus': {
    ru: 'В заведениях выбранного города нет меню',
    en: 'The restaurants of this city have no menu',
  },
  'location.no-zones': { ru: 'Нет зон доставки', en: 'There are no delivery zones' },
  'delivery.address-outside-zone': {
    ru: 'Адрес не входит в зону доставки',
    en: 'The address is outside the delivery area',
  },
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
  'promo-code.day-not-active': {
    ru: 'Промокод не действует в этот день недели',
    en: 'The promo code is not available on this day of the week',
  },
  'promo-code.first-order-only': {
    ru: 'Промокод действует только на первый заказ',
    en: 'The promo code is only valid for a first order',
  },
  'promo-code.first-order-unchecked': {
    ru: 'Промокод действует только на первый заказ: войдите, чтобы мы проверили',
    en: 'This promo code is for a first order only: sign in so we can check it',
  },
  'promo-code.min-order-amount': {
    ru: 'Сумма заказа меньше минимальной для промокода',
    en: 'The order total is below the promo code minimum',
  },
  'promo-code.person-limit-unchecked': {
    ru: 'Этот промокод можно применить ограниченное число раз: войдите, чтобы мы проверили',
    en: 'This promo code can be used a limited number of times: sign in so we can check it',
  },
  'promo-code.invalid-delivery-type': {
    ru: 'Промокод не действует для этого способа получения',
    en: 'The promo code is not valid for this delivery method',
  },
  'promo-code.too-many-attempts': {
    ru: 'Слишком много попыток ввести промокод, попробуйте через час',
    en: 'Too many promo code attempts, try again in an hour',
  },
  'resto.doesnt-support-delivery-online-pay': {
    ru: 'Этот ресторан не принимает оплату картой онлайн при доставке',
    en: 'This restaurant does not take online card payment for delivery',
  },
  'resto.doesnt-support-delivery-card-pay': {
    ru: 'Этот ресторан не принимает оплату картой курьеру',
    en: 'This restaurant does not take card payment on delivery',
  },
  'resto.doesnt-support-delivery-cash-pay': {
    ru: 'Этот ресторан не принимает оплату наличными курьеру',
    en: 'This restaurant does not take cash on delivery',
  },
  'resto.doesnt-support-takeaway-online': {
    ru: 'Этот ресторан не принимает оплату картой онлайн при самовывозе',
    en: 'This restaurant does not take online card payment for pick-up',
  },
  'resto.doesnt-support-takeaway-card-pay': {
    ru: 'Этот ресторан не принимает оплату картой при самовывозе',
    en: 'This restaurant does not take card payment on pick-up',
  },
  'resto.doesnt-support-takeaway-cash-pay': {
    ru: 'Этот ресторан не принимает оплату наличными при самовывозе',
    en: 'This restaurant does not take cash on pick-up',
  },
  'person-order.position-not-found-in-resto': {
    ru: 'Этих блюд нет в меню выбранного ресторана',
    en: "These dishes are not on the chosen restaurant's menu",
  },
  'person-order.position-cannot-be-delivered': {
    ru: 'Выбранные блюда не могут быть доставлены по этому адресу',
    en: 'The chosen dishes cannot be delivered to this address',
  },
  'person-order.position-not-for-take-away': {
    ru: 'Выбранные блюда нельзя забрать самовывозом',
    en: 'The chosen dishes are not available for pick-up',
  },
  'person-order.modifier-not-found': {
    ru: 'У блюда больше нет выбранной добавки, выберите заново',
    en: 'The dish no longer offers a chosen extra, please choose again',
  },
  'person-order.modifier-count-invalid': {
    ru: 'Выбрано неподходящее количество добавок, выберите заново',
    en: 'The number of chosen extras is not allowed, please choose again',
  },
  'person-order.position-not-available-at-time': {
    ru: 'Это блюдо не продаётся в выбранное время',
    en: 'This dish is not sold at the chosen time',
  },
  'person-order.empty': {
    ru: 'Добавьте в корзину что-нибудь ещё',
    en: 'Add something else to the cart',
  },
  'person-order.delivery-method-not-supported': {
    ru: 'Ресторан не работает этим способом получения, выберите другой',
    en: 'The restaurant does not offer this method, please choose another',
  },
  /** What the customer can do instead depends on the method and the page: the storefront says it. */
  'resto.not-accepting-orders': {
    ru: 'Заказы сейчас не принимаются',
    en: 'Orders are not accepted right now',
  },
  'person-order.pre-order-too-soon': {
    ru: 'Это время уже не успеть, выберите время позже',
    en: 'That time is too soon, please choose a later time',
  },
  'person-order.pre-order-too-far': {
    ru: 'На это время заказы пока не принимаются, выберите время раньше',
    en: 'Orders are not taken that far ahead, please choose an earlier time',
  },
  'person-order.pre-order-disabled': {
    ru: 'Предзаказы не принимаются',
    en: 'Pre-orders are not accepted',
  },
  'delivery.address-required': { ru: 'Укажите адрес доставки', en: 'Enter the delivery address' },
  'delivery.order-sum-not-enough.range': {
    ru: 'Минимальная сумма заказа для доставки не набрана',
    en: 'The order is below the minimum for delivery',
  },
  'delivery.order-sum-too-large': {
    ru: 'Сумма заказа больше максимальной: разделите его на несколько заказов',
    en: 'The order total is above the maximum: please split it into several orders',
  },
  'person-name.required': { ru: 'Введите ваше имя', en: 'Enter your name' },
  'person-name.too-long': {
    ru: 'Имя не должно превышать 50 символов',
    en: 'The name must not exceed 50 characters',
  },
  'person-name.invalid': { ru: 'Имя указано не корректно', en: 'The name is not valid' },
  'person-phone.invalid': { ru: 'Номер указан некорректно', en: 'The number is not valid' },
  'email.receipt-required': { ru: 'Укажите email для получения чека', en: 'Enter an email for the receipt' },
  'email.invalid': { ru: 'Укажите корректный email', en: 'Enter a valid email' },
  'order-comment.too-long': {
    ru: 'Комментарий не должен превышать 100 символов',
    en: 'The comment must not exceed 100 characters',
  },
  'order.address-required': {
    ru: 'Выберите адрес из списка или укажите точку на карте',
    en: 'Choose an address from the list or mark a point on the map',
  },
  'order.price-changed': {
    ru: 'Цена заказа изменилась, проверьте и подтвердите заказ ещё раз',
    en: 'The price of the order has changed, please check and confirm it again',
  },
  'order.not-found': { ru: 'Заказ не найден', en: 'Order not found' },
  'order.quote-invalid': {
    ru: 'Не удалось проверить цену заказа, обновите корзину',
    en: 'The price of the order could not be checked, please refresh the cart',
  },
  'order.cannot-cancel': {
    ru: 'Ресторан уже принял заказ, отменить его можно по телефону',
    en: 'The restaurant has already accepted the order; call it to cancel',
  },
  'order.pre-order-slot-invalid': {
    ru: 'Выберите время из предложенных',
    en: 'Please choose one of the offered times',
  },
  'payment.not-online': {
    ru: 'Этот заказ оплачивается при получении',
    en: 'This order is paid on receipt',
  },
  'payment.already-paid': { ru: 'Заказ уже оплачен', en: 'The order is already paid' },
  'payment.order-closed': {
    ru: 'Заказ отменён, оплатить его нельзя',
    en: 'The order is cancelled and cannot be paid',
  },
  'payment.attempt-stale': {
    ru: 'Оплата уже начата в другом окне, обновите страницу',
    en: 'Payment has already been started in another window, please reload the page',
  },
  'payment.provider-unavailable': {
    ru: 'Платёжный сервис сейчас не отвечает, попробуйте через минуту',
    en: 'The payment service is not answering, please try again in a minute',
  },
  'payment.notification-refused': {
    ru: 'Уведомление пришло не с адреса платёжного сервиса',
    en: 'The notification did not come from an address of the payment service',
  },
  'payment.not-found': { ru: 'Платёж не найден', en: 'Payment not found' },
  'payment.not-paid': {
    ru: 'Заказ не оплачен онлайн: возвращать нечего',
    en: 'The order is not paid online: there is nothing to refund',
  },
  'payment.refund-amount-invalid': {
    ru: 'Сумма возврата больше оставшейся суммы платежа',
    en: 'The refund amount is more than is left of the payment',
  },
  /** Decision 55: a CARD_ONLINE order or attempt asked a method the restaurant's shop has not enabled. */
  'payment.method-not-offered': {
    ru: 'Этот способ оплаты в ресторане недоступен, выберите другой',
    en: 'This restaurant does not offer this way of paying; please choose another',
  },
  /** A staff refund of an order that is not done (a live order is declined instead, which refunds it whole). */
  'payment.refund-order-not-done': {
    ru: 'Вернуть часть денег можно только за выполненный заказ; живой заказ отклоните',
    en: 'Money can be refunded only for a done order; decline a live order instead',
  },
  /*
   * Bonus points (decision 55): a preflight's problems (the cart's points) and the calls of the program.
   */
  'bonus.program-off': {
    ru: 'Бонусная программа сейчас не действует',
    en: 'The bonus programme is not running now',
  },
  'bonus.sign-in-required': {
    ru: 'Войдите, чтобы списать баллы',
    en: 'Sign in to spend points',
  },
  'bonus.not-whole': {
    ru: 'Списать можно только целое число баллов',
    en: 'Only whole points can be spent',
  },
  'bonus.not-with-promo-code': {
    ru: 'Баллы и промокод нельзя использовать в одном заказе',
    en: 'Points and a promo code cannot be used in one order',
  },
  'bonus.more-than-balance': {
    ru: 'У вас нет столько баллов',
    en: 'You do not have that many points',
  },
  'bonus.over-limit': {
    ru: 'Баллами можно оплатить только часть заказа',
    en: 'Points can pay only part of the order',
  },
  /** An adjustment that would take the balance below zero. */
  'bonus.below-zero': {
    ru: 'Нельзя списать больше баллов, чем есть у гостя',
    en: 'Cannot take more points than the customer has',
  },
  /** The order's customer has no person (cannot happen for orders placed signed in) or the order is of another brand. */
  'bonus.no-customer': {
    ru: 'У заказа нет гостя с баллами',
    en: 'The order has no customer with points',
  },
  'payment.engine-not-found': { ru: 'Такого платёжного сервиса нет', en: 'There is no such payment engine' },
  /** More orders than a customer places (per person and per client in a window): Retry-After says when. */
  'orders.too-many': {
    ru: 'Слишком много заказов подряд, попробуйте немного позже',
    en: 'Too many orders in a row, please try again a little later',
  },
  /** More payment attempts of one order than a customer makes: Retry-After says when. */
  'payments.too-many': {
    ru: 'Слишком много попыток оплаты, попробуйте немного позже',
    en: 'Too many payment attempts, please try again a little later',
  },
  /** More event streams open at once than one person or client needs. */
  'events.too-many': {
    ru: 'Открыто слишком много окон с заказами, закройте лишние',
    en: 'Too many order windows are open, please close some',
  },
  'staff.sign-in-failed': {
    ru: 'Неверный логин или пароль',
    en: 'Wrong login or password',
  },
  'staff.locked': {
    ru: 'Слишком много неверных попыток, вход временно заблокирован',
    en: 'Too many wrong attempts: signing in is locked for a while',
  },
  'staff.forbidden-resto': {
    ru: 'У вас нет доступа к этому ресторану',
    en: 'You have no access to this restaurant',
  },
  'staff.refresh-invalid': {
    ru: 'Сессия закончилась, войдите снова',
    en: 'The session has ended, please sign in again',
  },
  /** The password was right and the account has the second factor on: send the authenticator's code. */
  'staff.totp-required': {
    ru: 'Введите код из приложения-аутентификатора',
    en: 'Enter the code from your authenticator app',
  },
  'staff.totp-invalid': {
    ru: 'Неверный или уже использованный код',
    en: 'The code is wrong or was already used',
  },
  'staff.totp-already-on': {
    ru: 'Двухфакторный вход уже включён',
    en: 'Two-step sign-in is already on',
  },
  'staff.totp-not-started': {
    ru: 'Сначала начните подключение заново',
    en: 'Start setting it up again first',
  },
  'staff.totp-off': { ru: 'Двухфакторный вход не включён', en: 'Two-step sign-in is not on' },
  'staff.password-wrong': { ru: 'Неверный текущий пароль', en: 'The current password is wrong' },
  /** A call only a manager may make (the staff list, unlocking a login, the second factor). */
  'staff.forbidden-role': {
    ru: 'Это доступно только управляющему',
    en: 'Only a manager may do this',
  },
  'staff.not-found': { ru: 'Сотрудник не найден', en: 'Staff member not found' },
  /** A back-office call the staff member's role does not allow (decision 45: an operator edits no menu). */
  'admin.forbidden-role': {
    ru: 'Ваша роль не позволяет это делать',
    en: 'Your role does not allow this',
  },
  /** A back-office change of a versioned row sent without If-Match. */
  'admin.version-required': {
    ru: 'Не указана версия, которую вы меняете: обновите страницу',
    en: 'The version being changed is missing: reload the page',
  },
  /** If-Match names an older version: someone saved in between; the body holds what is there now. */
  'admin.version-stale': {
    ru: 'Это уже изменили, пока вы редактировали: посмотрите изменения и сохраните снова',
    en: 'Someone changed this while you were editing: look at the changes and save again',
  },
  'admin.audit-entry-not-found': { ru: 'Запись журнала не найдена', en: 'Log entry not found' },
  /** A revert of an entry whose row was changed again since: it would undo someone else's change too. */
  'admin.changed-since': {
    ru: 'С тех пор это уже изменили, отменить нельзя',
    en: 'It has been changed since, so this cannot be undone',
  },
  'admin.already-reverted': { ru: 'Это изменение уже отменено', en: 'This change has already been undone' },
  /** A bulk price change would leave a dish at zero or below, or above the maximum (1 000 000 ₽). */
  'admin.price-out-of-range': {
    ru: 'Цена блюда после изменения должна быть от 0,01 до 1 000 000 ₽',
    en: 'A dish must cost from 0.01 to 1,000,000 ₽ after the change',
  },
  /** A reorder whose list is not exactly the menu's groups (or the group's dishes), each once. */
  'admin.order-mismatch': {
    ru: 'Новый порядок должен перечислять все элементы списка, каждый по одному разу: обновите страницу',
    en: 'The new order must list every item of the list exactly once: reload the page',
  },
  /** A dish moved to a group of another menu (or of another brand, or none). */
  'admin.group-of-another-menu': {
    ru: 'Блюдо можно перенести только в группу того же меню',
    en: 'A dish can only move to a group of the same menu',
  },
  /** A dish given a tag the brand does not have. */
  'admin.tag-not-found': { ru: 'Такой метки нет', en: 'There is no such tag' },
  /** A photo upload whose bytes are not a JPEG, PNG or WebP picture (decision 46: told by content, not by name). */
  'admin.photo-not-an-image': {
    ru: 'Это не фотография: загрузите JPEG, PNG или WebP',
    en: 'This is not a photo: upload a JPEG, PNG or WebP',
  },
  /** A photo upload over 10 MB. */
  'admin.photo-too-large': {
    ru: 'Фотография больше 10 МБ: уменьшите её и загрузите снова',
    en: 'The photo is over 10 MB: make it smaller and upload it again',
  },
  /** A photo upload over 40 megapixels. */
  'admin.photo-too-many-pixels': {
    ru: 'В фотографии больше 40 мегапикселей: уменьшите её и загрузите снова',
    en: 'The photo has over 40 megapixels: make it smaller and upload it again',
  },
  'admin.photo-not-found': { ru: 'Такой фотографии нет', en: 'There is no such photo' },
  /** A revert of an entry that cannot be undone (a group's creation: hide the group instead). */
  'admin.not-revertible': {
    ru: 'Это изменение нельзя отменить',
    en: 'This change cannot be undone',
  },
  /** A menu file (decision 47) with problems: one error per problem, its field the JSON path or CSV row.column. */
  'admin.menu-file-invalid': {
    ru: 'В файле меню есть ошибки: ничего не изменено',
    en: 'The menu file has errors: nothing was changed',
  },
  /** Staff accounts (decision 45): a login the brand has already. */
  'admin.staff-login-taken': {
    ru: 'Такой логин уже есть',
    en: 'This login is taken already',
  },
  /** An operator without restaurants, or restaurants given to a role that sees every one. */
  'admin.staff-restos-required': {
    ru: 'Оператору нужен хотя бы один ресторан',
    en: 'An operator needs at least one restaurant',
  },
  'admin.staff-restos-not-for-role': {
    ru: 'Владелец видит все рестораны: рестораны не указываются',
    en: 'An owner sees every restaurant: give no restaurants',
  },
  /** A change that would leave the brand without an active owner. */
  'admin.last-owner': {
    ru: 'Это последний активный владелец: сначала назначьте другого',
    en: 'This is the last active owner: make someone else owner first',
  },
  /** A reset of one's own password or second factor here: the account's own security screen does it. */
  'admin.staff-own-account': {
    ru: 'Свой пароль и вход по коду меняйте в настройках своей учётной записи',
    en: 'Change your own password and two-step sign-in in your account’s settings',
  },
  /** A menu listed by a restaurant the brand does not have. */
  'admin.resto-not-found': { ru: 'Такого ресторана нет', en: 'There is no such restaurant' },
  /** A modifier group or time slot given a dish the brand does not have. */
  'admin.dish-not-found': { ru: 'Такого блюда нет', en: 'There is no such dish' },
  /** A restaurant given a menu or a city the brand does not have. */
  'admin.menu-not-found': { ru: 'Такого меню нет', en: 'There is no such menu' },
  'admin.city-not-found': { ru: 'Такого города нет', en: 'There is no such city' },
  /** A restaurant's order letters another restaurant of the brand has. */
  'admin.resto-order-code-taken': {
    ru: 'Такой префикс номера заказа уже у другого ресторана',
    en: 'Another restaurant already has this order number prefix',
  },
  /** A warning, not a refusal: the restaurant's pin lies outside its city's bounds. */
  'admin.resto-outside-city': {
    ru: 'Точка ресторана за границами его города: проверьте адрес',
    en: 'The restaurant’s pin is outside its city’s bounds: check the address',
  },
  /** A city's bounds whose north-east corner is not above and right of the south-west one. */
  'admin.city-bounds-inverted': {
    ru: 'Северо-восточный угол должен быть севернее и восточнее юго-западного',
    en: 'The north-east corner must be north and east of the south-west one',
  },
  'admin.city-center-outside': {
    ru: 'Центр города должен быть внутри его границ',
    en: 'The city’s centre must be inside its bounds',
  },
  /** A city deleted while restaurants are in it: move or unpublish them first. */
  'admin.city-has-restos': {
    ru: 'В городе есть рестораны: сначала перенесите их в другой город',
    en: 'The city has restaurants: move them to another city first',
  },
  /** A modifier group's item id that is not one of the group's items. */
  'admin.modifier-item-not-found': { ru: 'Такого варианта в группе нет', en: 'The group has no such option' },
  /** A modifier group's counts: max at least 1, min at most max and at most the number of items. */
  'admin.modifier-counts-invalid': {
    ru: 'Минимум должен быть не больше максимума и числа вариантов, максимум — не меньше 1',
    en: 'The minimum must not exceed the maximum or the number of options, and the maximum must be at least 1',
  },
  /** A time slot's day whose end is not after its start (00:00 as the end: midnight). */
  'admin.ends-before-start': {
    ru: 'Окончание должно быть позже начала',
    en: 'The end must be after the start',
  },
  'admin.promo-code-taken': {
    ru: 'Такой промокод у бренда уже есть',
    en: 'The brand already has this promo code',
  },
  'admin.promo-code-used': {
    ru: 'Промокод уже применяли: его можно только выключить',
    en: 'The promo code has been used: it can only be deactivated',
  },
  'admin.promo-code-batch-space': {
    ru: 'Не хватает уникальных кодов такой длины: сделайте код длиннее',
    en: 'Not enough unique codes of this length: make the code longer',
  },
  'admin.promo-percent-invalid': {
    ru: 'Процент скидки — от 1 до 100',
    en: 'A percent discount is from 1 to 100',
  },
  'admin.promotion-link-invalid': {
    ru: 'Блюдо не из выбранного меню',
    en: 'The dish is not on the chosen menu',
  },
  'admin.time-slot-ends-before-start': {
    ru: 'Время окончания должно быть позже времени начала',
    en: 'The end time must be later than the start time',
  },
  /** A time slot naming a day of the week twice. */
  'admin.time-slot-day-repeated': {
    ru: 'Каждый день недели можно указать только один раз',
    en: 'Each day of the week may be given only once',
  },
  'modifier-group.not-found': { ru: 'Группа модификаторов не найдена', en: 'Modifier group not found' },
  'time-slot.not-found': { ru: 'Временной слот не найден', en: 'Time slot not found' },
  /** A restaurant's hours and special days (hoursDayProblem, specialDayProblem; decision 51). */
  'special-day.not-found': { ru: 'Особый день не найден', en: 'Special day not found' },
  'admin.hours-day-repeated': {
    ru: 'Каждый день недели можно указать только один раз',
    en: 'Each day of the week may be given only once',
  },
  'admin.hours-break-incomplete': {
    ru: 'Укажите и начало, и конец перерыва',
    en: 'Give both the start and the end of the break',
  },
  'admin.hours-break-outside': {
    ru: 'Перерыв должен быть внутри часов работы',
    en: 'The break must be within the opening hours',
  },
  'admin.special-day-hours-required': {
    ru: 'Укажите часы работы или отметьте день как закрытый',
    en: 'Give the hours or mark the day closed',
  },
  'admin.special-day-too-far': {
    ru: 'Дата не может быть дальше чем через два года',
    en: 'The date may be at most two years ahead',
  },
  'admin.special-day-duplicate': {
    ru: 'На эту дату для этого способа получения особый день уже есть',
    en: 'This date already has a special day for this method',
  },
  'zone.not-found': { ru: 'Зона доставки не найдена', en: 'Delivery zone not found' },
  /** A delivery zone's polygon (polygonProblems): each a 422 on `polygon`. */
  'admin.zone-polygon-too-few-points': {
    ru: 'У зоны должно быть хотя бы три разные точки',
    en: 'A zone needs at least three distinct points',
  },
  'admin.zone-polygon-self-intersecting': {
    ru: 'Границы зоны пересекают сами себя',
    en: 'The zone’s border crosses itself',
  },
  'admin.zone-polygon-zero-area': {
    ru: 'У зоны нулевая площадь: все точки на одной линии',
    en: 'The zone has no area: every point is on one line',
  },
  /** A zone's order-sum bands: sorted by their start, none overlapping the next, the last one open or closed. */
  'admin.zone-bands-overlap': {
    ru: 'Диапазоны сумм заказа должны идти по возрастанию и не пересекаться',
    en: 'Order-sum bands must go up and must not overlap',
  },
  /** A warning, not an error: the zone was saved. */
  'admin.zone-outside-city': {
    ru: 'Часть зоны за границами города',
    en: 'Part of the zone is outside the city’s bounds',
  },
  'admin.zone-import-empty': {
    ru: 'В файле нет ни одного многоугольника',
    en: 'The file holds no polygon',
  },
  'admin.zone-import-not-polygon': {
    ru: 'Это не многоугольник: пропущено',
    en: 'Not a polygon: skipped',
  },
  'brand-page.not-found': { ru: 'Страница не найдена', en: 'Page not found' },
  /** Two pages of a brand under one address. */
  'admin.brand-page-slug-taken': {
    ru: 'Страница с таким адресом уже есть',
    en: 'A page with this address already exists',
  },
  /** The brand's default city names no city of the brand. */
  'admin.brand-city-not-found': { ru: 'Такого города у бренда нет', en: 'The brand has no such city' },
  'order.transition-invalid': {
    ru: 'Заказ уже в другом статусе, обновите доску',
    en: 'The order has already moved on, refresh the board',
  },
  /** A reason that does not fit the order's method: a take-away order is never 'the courier cannot deliver'. */
  'order.decline-reason-invalid': {
    ru: 'Эта причина не подходит для такого заказа, выберите другую',
    en: 'This reason does not fit this order, please choose another',
  },
  'stream.ticket-invalid': {
    ru: 'Ссылка на поток событий недействительна, подключитесь заново',
    en: 'The event stream ticket is not valid, connect again',
  },
  'slot.full': {
    ru: 'На это время заказов уже слишком много: выберите другое',
    en: 'This time is fully booked: choose another',
  },
  'order.slot-full': {
    ru: 'Пока вы оформляли заказ, это время заняли: выберите другое',
    en: 'This time filled up while you were ordering: choose another',
  },
  'resto.slots-full': {
    ru: 'На сегодня заказов уже слишком много: закажите ко времени на другой день',
    en: 'The restaurant is fully booked today: order for another day',
  },
  'gift.not-with-promo-code': {
    ru: 'Подарок не суммируется с промокодом',
    en: 'The gift does not combine with a promo code',
  },
  'gift.not-with-bonus': {
    ru: 'Подарок не суммируется с оплатой баллами',
    en: 'The gift does not combine with paying in points',
  },
  'location.no-pickup': {
    ru: 'В этом городе нет пунктов самовывоза',
    en: 'There are no pickup points in this city',
  },
  'resto.busy': {
    ru: 'Ресторан сейчас перегружен: закажите ко времени',
    en: 'The restaurant is very busy right now: order for a later time',
  },
  'person-order.position-stopped': {
    ru: 'Это блюдо сегодня закончилось',
    en: 'This dish has run out for today',
  },
  'idempotency.key-required': {
    ru: 'Не передан ключ повтора запроса (Idempotency-Key)',
    en: 'The Idempotency-Key header is required',
  },
  'idempotency.key-reused': {
    ru: 'Этот ключ повтора уже использован для другого заказа',
    en: 'This idempotency key was already used for another order',
  },
  'idempotency.in-progress': {
    ru: 'Заказ уже оформляется, подождите несколько секунд',
    en: 'The order is already being placed, please wait a few seconds',
  },
  'phone.required': { ru: 'Введите номер телефона', en: 'Enter your phone number' },
  'phone.invalid': { ru: 'Укажите корректный номер', en: 'Enter a valid phone number' },
  'sms-code.required': { ru: 'Введите код из СМС', en: 'Enter the code from the SMS' },
  'sms-code.too-short': { ru: 'Слишком короткий SMS-код', en: 'The SMS code is too short' },
  'sms-code.invalid': { ru: 'Код из СМС состоит из 6 цифр', en: 'The SMS code is 6 digits' },
  'sms.too-often': {
    ru: 'Новый код можно запросить не чаще раза в 90 секунд',
    en: 'A new code can be requested once every 90 seconds',
  },
  'sms.wrong-code': { ru: 'Неверный код подтверждения', en: 'Wrong confirmation code' },
  'sms.attempts-exhausted': {
    ru: 'Попытки исчерпаны, повторите через час',
    en: 'No attempts left, try again in an hour',
  },
  'sms.code-not-found': {
    ru: 'Код для этого номера не найден, запросите новый',
    en: 'No code was found for this number, request a new one',
  },
  'sms.send-failed': {
    ru: 'Не удалось отправить СМС, попробуйте позже',
    en: 'The SMS could not be sent, try again later',
  },
  'captcha.failed': { ru: 'Подтвердите, что вы не робот', en: 'Please confirm that you are not a robot' },
  'captcha.unavailable': {
    ru: 'Проверка на робота сейчас недоступна, попробуйте позже',
    en: 'The robot check is unavailable now, try again later',
  },
  'auth.api-key-invalid': { ru: 'Неверный ключ приложения', en: 'The app key is invalid' },
  'auth.white-label-forbidden': {
    ru: 'Этот бренд здесь не обслуживается',
    en: 'This brand is not served here',
  },
  'auth.token-missing': { ru: 'Требуется авторизация', en: 'Please sign in' },
  'auth.token-invalid': { ru: 'Недействительный токен', en: 'The token is invalid' },
  'auth.token-expired': { ru: 'Срок действия токена истёк', en: 'The token has expired' },
  'auth.refresh-reused': {
    ru: 'Сеанс завершён из соображений безопасности, войдите снова',
    en: 'The session was ended for safety, please sign in again',
  },
  'auth.forbidden-person': {
    ru: 'Нет доступа к данным другого пользователя',
    en: "You cannot access another person's data",
  },
  'auth.provider-disabled': {
    ru: 'Этот способ входа недоступен',
    en: 'This sign-in method is not available',
  },
  'auth.provider-unavailable': {
    ru: 'Сервис входа сейчас недоступен, попробуйте позже',
    en: 'The sign-in service is unavailable now, try again later',
  },
  'auth.id-token-missing': { ru: 'Не передан токен входа', en: 'The sign-in token is missing' },
  'auth.id-token-invalid': { ru: 'Недействительный токен входа', en: 'The sign-in token is invalid' },
  'auth.id-token-expired': {
    ru: 'Срок действия токена входа истёк, войдите снова',
    en: 'The sign-in token has expired, please sign in again',
  },
  'auth.id-token-nonce-mismatch': {
    ru: 'Токен входа выдан для другого сеанса, войдите снова',
    en: 'The sign-in token was issued for another session, please sign in again',
  },
  'auth.vk-state-mismatch': {
    ru: 'Ответ VK ID не относится к этому входу, войдите снова',
    en: 'The VK ID answer does not belong to this sign-in, please sign in again',
  },
  'auth.vk-failed': {
    ru: 'Не удалось войти через VK ID, попробуйте ещё раз',
    en: 'Signing in with VK ID failed, please try again',
  },
  /*
   * The chain's point-of-sale system (decision 54). The failures are shown on the board and in the sync log,
   * so their words are the staff's.
   */
  'pos.not-configured': {
    ru: 'У бренда нет ключа API iiko на сервере (IIKO_API_LOGINS)',
    en: 'The server has no iiko API key for this brand (IIKO_API_LOGINS)',
  },
  'pos.not-linked': { ru: 'Ресторан не связан с кассой', en: 'The restaurant is not linked to the POS' },
  'pos.organization-unknown': {
    ru: 'Такой организации нет в iiko',
    en: 'iiko has no such organization',
  },
  'pos.terminal-group-unknown': {
    ru: 'Такой группы терминалов нет в организации',
    en: 'The organization has no such terminal group',
  },
  'pos.payment-type-unknown': {
    ru: 'Такого типа оплаты нет в iiko',
    en: 'iiko has no such payment type',
  },
  'pos.payment-type-required': {
    ru: 'Выберите тип оплаты iiko для этого способа оплаты ресторана',
    en: "Pick iiko's payment type for this payment method of the restaurant",
  },
  'pos.zone-exists': {
    ru: 'У ресторана уже есть зона с таким названием',
    en: 'The restaurant already has a zone of this name',
  },
  'pos.zone-hours-ignored': {
    ru: 'Условия iiko по времени суток не перенесены: проверьте полосы зоны',
    en: "iiko's terms by time of day were not carried over: check the zone's bands",
  },
  'pos.zone-no-restriction': {
    ru: 'В iiko у зоны нет условий доставки для группы терминалов ресторана',
    en: "iiko has no delivery terms for this zone at the restaurant's terminal group",
  },
  'pos.rejected': { ru: 'iiko отклонила запрос', en: 'iiko refused the request' },
  'pos.terminal-offline': {
    ru: 'Терминал ресторана не принял заказ: он выключен или без связи',
    en: "The restaurant's terminal did not take the order: it is off or offline",
  },
  'pos.timeout': { ru: 'iiko не ответила вовремя', en: 'iiko did not answer in time' },
  'pos.unavailable': { ru: 'iiko недоступна', en: 'iiko is unavailable' },
  'pos.auth': { ru: 'iiko не приняла ключ API', en: 'iiko refused the API key' },
  'pos.not-found': { ru: 'iiko не нашла запрошенное', en: 'iiko did not find what was asked for' },
  'pos.webhook-unauthorized': {
    ru: 'Вызов не от iiko: неверный токен',
    en: 'The call is not from iiko: wrong token',
  },
  'pos.taken-over': {
    ru: 'Заказ уже передан сотрудникам вручную',
    en: 'Staff have already taken the order over',
  },
  /** Take-over refused: the POS has the order, so it is cooked from there and nothing is retyped. */
  'pos.order-created': {
    ru: 'Заказ уже в iiko: его не нужно вбивать вручную',
    en: 'The order is already in iiko: there is nothing to retype',
  },
  /** Take-over refused for now: the POS is taking the order this moment; the board shows the outcome. */
  /** Staff take over an order that we cancelled or declined: its cancel is on its way to iiko, nothing to retype. */
  'pos.order-withdrawn': {
    ru: 'Заказ отменён: отмена передаётся в iiko, вбивать его не нужно',
    en: 'The order is cancelled: the cancel is going to iiko, there is nothing to enter',
  },
  'pos.order-sending': {
    ru: 'Заказ прямо сейчас передаётся в iiko, подождите результата',
    en: 'The order is being sent to iiko right now; wait for the outcome',
  },
  /** The POS cancelled an order already cooking: our order stays where it is for staff to decide. */
  'pos.cancelled-late': {
    ru: 'iiko отменила заказ, который уже готовится: решите, что с ним делать',
    en: 'iiko cancelled an order already being cooked: decide what to do with it',
  },
  /** An order we withdrew (cancelled, declined) that the POS would not cancel: the kitchen may still cook it. */
  'pos.cancel-refused': {
    ru: 'iiko не отменила заказ (он уже готовится или закрыт): позвоните на кухню',
    en: 'iiko did not cancel the order (already being cooked or closed): call the kitchen',
  },
  /** Staff took the order over by hand while a send was under way, and the POS took that send too. */
  'pos.created-after-take-over': {
    ru: 'Заказ есть и в iiko: отмените один из двух, чтобы не готовить дважды',
    en: 'iiko has the order too: cancel one of the two so it is not cooked twice',
  },
  /** A menu sync's failed dish: iiko prices it at 0 (or not at all), so it is not put on sale. */
  'pos.dish-no-price': {
    ru: 'В iiko нет цены: блюдо не выставлено в продажу',
    en: 'iiko has no price for it: the dish is not put on sale',
  },
  /** A menu sync's failed picture: not downloaded or not a picture; the dish is written, tried again next sync. */
  'pos.picture-failed': {
    ru: 'Картинку из iiko не удалось загрузить, попробуем при следующей синхронизации',
    en: 'The picture from iiko could not be loaded; the next sync tries again',
  },
  'report.date-malformed': {
    ru: 'Дата должна быть в виде ГГГГ-ММ-ДД и существовать в календаре',
    en: 'A date must be YYYY-MM-DD and exist in the calendar',
  },
  'report.from-after-to': {
    ru: 'Начало периода позже его конца',
    en: 'The period starts after it ends',
  },
  'report.period-too-long': {
    ru: 'Отчёт строится не больше чем за два года',
    en: 'A report covers two years at most',
  },
  'rating.order-not-done': {
    ru: 'Оценить можно только выполненный заказ',
    en: 'Only a completed order can be rated',
  },
  'rating.change-closed': {
    ru: 'Оценку можно изменить только в течение суток',
    en: 'A rating can only be changed within a day',
  },
  'rating.link-invalid': {
    ru: 'Ссылка для оценки неверна',
    en: 'This rating link is not valid',
  },
  'rating.link-expired': {
    ru: 'Ссылка для оценки устарела: оцените заказ на его странице',
    en: 'This rating link has expired: rate the order on its page',
  },
  'rating.tag-not-for-method': {
    ru: 'Этот отзыв не подходит к заказу навынос',
    en: 'This tag does not apply to a take-away order',
  },
  'admin.review-link-invalid': {
    ru: 'Нужна ссылка https на карточку ресторана в Яндекс Картах или 2ГИС',
    en: 'Must be an https link to the restaurant on Yandex Maps or 2GIS',
  },
} as const satisfies Record<string, LocalizedText>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** The answer body of every failed call (docs/product.md §8, DESIGN 'API conventions'): the errorBody contract. */
export type ErrorBody = z.infer<typeof errorBody>;
