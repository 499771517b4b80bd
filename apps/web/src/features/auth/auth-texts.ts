import type { NamespaceTexts } from '../../shared/i18n/i18n.ts';
import type { ProviderTextKey } from './providers/provider-text-keys.ts';

/**
 * Namespace 'auth': the sign-in page's texts, shipped with their English (auth-texts.en.ts) in the page's
 * own chunk (useLazyNamespace) so the first visit does not carry them. SMS and phone errors come from the
 * domain's error catalogue, as the API words them.
 */
export const authTexts = {
  title: 'Вход',
  profileTitle: 'Профиль',
  checkoutNotice: 'Чтобы оформить заказ, авторизуйтесь',
  phoneLabel: 'Номер телефона',
  phoneHint: 'Пришлём СМС с кодом для входа',
  getCode: 'Получить код',
  codeLabel: 'Код из СМС',
  codeSentTo: 'Код отправлен на {{phone}}',
  changePhone: 'Изменить номер',
  resendIn: 'Новый код можно получить через {{time}}',
  resend: 'Получить код ещё раз',
  continue: 'Продолжить',
  attemptsLeft_one: 'Осталась {{count}} попытка',
  attemptsLeft_few: 'Осталось {{count}} попытки',
  attemptsLeft_many: 'Осталось {{count}} попыток',
  attemptsLeft_other: 'Осталось {{count}} попытки',
  or: 'или войдите через',
  signedInAs: 'Вы вошли как',
  noName: 'Имя не указано',
  phone: 'Телефон',
  email: 'Email',
  signOut: 'Выйти',
  toMenu: 'Вернуться в меню',
  myOrders: 'Мои заказы',
  failed: 'Не удалось войти. Попробуйте ещё раз',
  captchaFailed: 'Не удалось проверить, что вы не робот. Обновите страницу и попробуйте ещё раз',
  withVk: 'Войти через VK ID',
  withApple: 'Войти через Apple',
  // Social sign-in failures (docs/product.md §8 'Login failures'): flat camelCase keys, no dots (i18next nests on them).
  vkFailure100: 'VK ID прислал неизвестный ответ. Попробуйте ещё раз',
  vkFailure101: 'Не удалось открыть окно входа. Разрешите всплывающие окна для этого сайта',
  vkFailure102: 'Окно входа закрыто до завершения входа',
  vkFailure103: 'Не удалось войти через VK ID',
  vkFailure104: 'Ответ VK ID не прошёл проверку. Попробуйте ещё раз',
  widgetTimeout: 'Не удалось загрузить кнопку входа. Проверьте подключение к интернету',
  widgetInternal: 'Кнопка входа сейчас не работает. Попробуйте позже или войдите по номеру телефона',
  widgetAuth: 'Не удалось войти. Попробуйте ещё раз',
  widgetRetry: 'Попробовать ещё раз',
  providerError: 'Сервис входа ответил ошибкой. Попробуйте ещё раз или войдите по номеру телефона',
} satisfies NamespaceTexts & Record<ProviderTextKey, string>;
