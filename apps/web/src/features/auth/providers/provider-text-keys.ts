import type { WidgetError } from './social-widget-state.ts';
import type { VkPopupFailureCode } from './vk-popup-login.ts';

/**
 * What a customer reads when a social sign-in fails (docs/product.md §8 'Login failures'). Flat camelCase keys:
 * i18next reads '.' as nesting, so keys like 'failure.101' would not resolve in a flat bundle.
 * Their words are in the 'auth' namespace (auth-texts.ts, auth-texts.en.ts).
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
