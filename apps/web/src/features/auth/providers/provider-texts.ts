import type { Locale } from '@storefront/domain';
import type { WidgetError } from './social-widget-state.ts';
import type { VkPopupFailureCode } from './vk-popup-login.ts';

/**
 * What a customer reads when a social sign-in fails (docs/product.md §8 'Login failures'). Flat camelCase keys:
 * i18next reads '.' as nesting, so keys like 'failure.101' would not resolve in a flat bundle.
 * The /auth page registers these under its namespace.
 */
export type ProviderTextKey =
  | 'vkFailure100'
  | 'vkFailure101'
  | 'vkFailure102'
  | 'vkFailure103'
  | 'vkFailure104'
  | 'widgetTimeout'
  | 'widgetInternal'
  | 'widgetAuth'
  | 'widgetRetry'
  | 'providerError';

export const providerTexts: Record<Locale, Record<ProviderTextKey, string>> = {
  ru: {
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
  },
  en: {
    vkFailure100: 'VK ID sent an unexpected answer. Please try again',
    vkFailure101: 'Could not open the sign-in window. Allow pop-ups for this site',
    vkFailure102: 'The sign-in window was closed before signing in finished',
    vkFailure103: 'Could not sign in with VK ID',
    vkFailure104: 'The answer from VK ID did not pass the check. Please try again',
    widgetTimeout: 'Could not load the sign-in button. Check your internet connection',
    widgetInternal:
      'The sign-in button is not working right now. Try later or sign in with your phone number',
    widgetAuth: 'Could not sign in. Please try again',
    widgetRetry: 'Try again',
    providerError: 'The sign-in service answered with an error. Try again or sign in with your phone number',
  },
};

export function vkFailureTextKey(code: VkPopupFailureCode): ProviderTextKey {
  return `vkFailure${code}`;
}

export function widgetErrorTextKey(error: WidgetError): ProviderTextKey {
  const keys: Record<WidgetError, ProviderTextKey> = {
    timeout: 'widgetTimeout',
    internal: 'widgetInternal',
    auth: 'widgetAuth',
  };
  return keys[error];
}
