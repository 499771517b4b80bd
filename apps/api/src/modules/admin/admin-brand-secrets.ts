import type { AdminBrandSecret } from '@storefront/domain/contracts';
import type { AppConfig } from '../../config.ts';

type Env = AppConfig['env'];
type Text = { ru: string; en: string };

interface SecretSpec {
  name: string;
  purpose: Text;
  requiredFor: Text;
  /** Whether the server has it: read from the parsed environment, and only ever turned into a boolean here. */
  present: (env: Env) => boolean;
}

const set = (value: unknown) => typeof value === 'string' && value.length > 0;

/**
 * Every secret the server reads from its environment (config.ts, docs/configuration.md), in words an owner reads.
 * They never live in the brand's settings (decision 50): the back office shows which are there and what fails
 * without each, never a value. Sign-in with Google, Apple and VK ID needs no secret here: their tokens are checked
 * with the providers' public keys and the brand's public client ids. A secret the server does not read yet (a
 * payment provider or a POS not integrated) is not listed: showing it "missing" would ask for something unused.
 */
const SECRETS: readonly SecretSpec[] = [
  {
    name: 'AUTH_TOKEN_SECRET',
    purpose: {
      ru: 'Подписывает токены входа покупателей и сотрудников',
      en: 'Signs the sign-in tokens of customers and staff',
    },
    requiredFor: { ru: 'Запуск в продакшене', en: 'Starting in production' },
    present: (env) => set(env.AUTH_TOKEN_SECRET),
  },
  {
    name: 'QUOTE_SECRET',
    purpose: {
      ru: 'Подписывает расчёт корзины перед заказом',
      en: "Signs the cart's pricing before an order",
    },
    requiredFor: { ru: 'Запуск в продакшене', en: 'Starting in production' },
    present: (env) => set(env.QUOTE_SECRET),
  },
  {
    name: 'SMSRU_API_ID',
    purpose: { ru: 'Ключ SMS.ru: коды входа по SMS', en: 'SMS.ru key: sign-in codes by SMS' },
    requiredFor: { ru: 'Вход по телефону (SMS_SENDER=smsru)', en: 'Phone sign-in (SMS_SENDER=smsru)' },
    present: (env) => set(env.SMSRU_API_ID),
  },
  {
    name: 'SMARTCAPTCHA_SERVER_KEY',
    purpose: {
      ru: 'Серверный ключ Yandex SmartCaptcha: капча перед отправкой SMS',
      en: 'Yandex SmartCaptcha server key: the captcha before an SMS is sent',
    },
    requiredFor: {
      ru: 'Защита SMS от ботов; запуск в продакшене без SMS_CAPTCHA_OFF',
      en: 'SMS bot protection; starting in production without SMS_CAPTCHA_OFF',
    },
    present: (env) => set(env.SMARTCAPTCHA_SERVER_KEY),
  },
  {
    name: 'YOOKASSA_SHOPS',
    purpose: { ru: 'Магазины ЮKassa с их секретными ключами', en: 'YooKassa shops with their secret keys' },
    requiredFor: { ru: 'Оплата картой онлайн через ЮKassa', en: 'Card payment online through YooKassa' },
    present: (env) => Object.keys(env.YOOKASSA_SHOPS).length > 0,
  },
  {
    name: 'IIKO_API_LOGINS',
    purpose: { ru: 'Ключ API iiko (apiLogin) бренда', en: "The brand's iiko API key (apiLogin)" },
    requiredFor: {
      ru: 'Связь ресторанов с iiko: меню, стоп-листы и заказы на кассе',
      en: 'Linking restaurants to iiko: the menu, stop-lists and orders in the POS',
    },
    present: (env) => Object.keys(env.IIKO_API_LOGINS).length > 0,
  },
  {
    name: 'S3_SECRET_ACCESS_KEY',
    purpose: { ru: 'Ключ хранилища загруженных фото (S3)', en: 'Key of the uploaded photos store (S3)' },
    requiredFor: {
      ru: 'Фото в общем хранилище (MEDIA_STORE=s3) с ключом доступа',
      en: 'Photos in a shared store (MEDIA_STORE=s3) with an access key',
    },
    present: (env) => set(env.S3_SECRET_ACCESS_KEY),
  },
  {
    name: 'DATABASE_URL',
    purpose: { ru: 'Адрес и пароль сервера PostgreSQL', en: "The PostgreSQL server's address and password" },
    requiredFor: {
      ru: 'Несколько экземпляров сервера (без него — встроенная база одного экземпляра)',
      en: 'Several server instances (without it, one instance’s built-in database)',
    },
    present: (env) => set(env.DATABASE_URL),
  },
];

/** The list GET /api/v1/admin/brand/secrets answers: names, purposes and presence, no value. */
export function brandSecrets(env: Env): AdminBrandSecret[] {
  return SECRETS.map((secret) => ({
    name: secret.name,
    purpose: secret.purpose,
    requiredFor: secret.requiredFor,
    present: secret.present(env),
  }));
}
