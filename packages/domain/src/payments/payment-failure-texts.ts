import type { LocalizedText } from '../i18n/locale.ts';
import type { METHOD_NOT_ENABLED, PaymentCancellationReason } from './payment-model.ts';

/**
 * Why a payment did not go through, in words a customer understands (INTEGRATIONS.md: each reason deserves
 * them). Unknown reasons read as the general decline.
 */
export const PAYMENT_FAILURE_TEXTS: Readonly<
  Record<PaymentCancellationReason | typeof METHOD_NOT_ENABLED, LocalizedText>
> = {
  '3d_secure_failed': {
    ru: 'Не пройдена проверка 3-D Secure: попробуйте ещё раз или другую карту',
    en: '3-D Secure check failed: try again or use another card',
  },
  call_issuer: {
    ru: 'Банк отклонил платёж: позвоните в банк, выпустивший карту',
    en: 'Your bank declined the payment: please call the bank that issued the card',
  },
  card_expired: { ru: 'Срок действия карты истёк', en: 'The card has expired' },
  payment_method_limit_exceeded: {
    ru: 'Превышен лимит по карте: попробуйте другую карту',
    en: 'The card limit is exceeded: try another card',
  },
  payment_method_restricted: {
    ru: 'Операции по этой карте ограничены банком',
    en: 'The bank has restricted payments with this card',
  },
  country_forbidden: {
    ru: 'Карты этой страны не принимаются',
    en: 'Cards issued in this country are not accepted',
  },
  general_decline: {
    ru: 'Банк отклонил платёж без объяснения причин: попробуйте другую карту или позвоните в банк',
    en: 'The bank declined the payment without a reason: try another card or call your bank',
  },
  fraud_suspected: {
    ru: 'Платёж заблокирован из-за подозрения в мошенничестве: попробуйте другую карту',
    en: 'The payment was blocked as suspected fraud: try another card',
  },
  identification_required: {
    ru: 'Превышен лимит платежей для кошелька без идентификации',
    en: 'The payment limit of an unidentified wallet is exceeded',
  },
  insufficient_funds: { ru: 'На карте недостаточно денег', en: 'Not enough money on the card' },
  invalid_card_number: { ru: 'Неверный номер карты', en: 'Invalid card number' },
  invalid_csc: { ru: 'Неверный код CVV2 (CVC2)', en: 'Invalid CVV2 (CVC2) code' },
  issuer_unavailable: {
    ru: 'Банк не отвечает: попробуйте чуть позже или другую карту',
    en: 'The bank is not answering: try a little later or another card',
  },
  canceled_by_merchant: { ru: 'Платёж отменён магазином', en: 'The payment was cancelled by the shop' },
  permission_revoked: {
    ru: 'Разрешение на списание отозвано',
    en: 'The permission to charge was revoked',
  },
  internal_timeout: {
    ru: 'Платёжный сервис не успел провести платёж: попробуйте ещё раз',
    en: 'The payment service timed out: please try again',
  },
  expired_on_confirmation: {
    ru: 'Время на оплату истекло',
    en: 'The time to pay has run out',
  },
  expired_on_capture: {
    ru: 'Время подтверждения платежа истекло',
    en: 'The time to confirm the payment has run out',
  },
  method_not_enabled: {
    ru: 'Этот способ оплаты сейчас недоступен: выберите другой или оплатите картой',
    en: 'This way of paying is not available right now: choose another or pay by card',
  },
};

/** Own keys only: a reason such as 'toString' comes from outside and must not reach Object.prototype. */
export function paymentFailureText(reason: string | null | undefined): LocalizedText {
  return reason && Object.hasOwn(PAYMENT_FAILURE_TEXTS, reason)
    ? PAYMENT_FAILURE_TEXTS[reason as keyof typeof PAYMENT_FAILURE_TEXTS]
    : PAYMENT_FAILURE_TEXTS.general_decline;
}
