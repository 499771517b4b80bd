import type { Locale } from '@storefront/domain';
import type { NamespaceTexts } from '../../shared/i18n/i18n.ts';
import { providerTexts } from './providers/provider-texts.ts';

/**
 * Namespace 'auth': the sign-in page's texts, both languages, shipped in the page's own chunk
 * (useLazyNamespace) so the first visit does not carry them. SMS and phone errors come from the
 * domain's error catalogue, as the API words them.
 */
export const AUTH_TEXTS = {
  ru: {
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
    failed: 'Не удалось войти. Попробуйте ещё раз',
    captchaFailed: 'Не удалось проверить, что вы не робот. Обновите страницу и попробуйте ещё раз',
    withVk: 'Войти через VK ID',
    withApple: 'Войти через Apple',
    ...providerTexts.ru,
  },
  en: {
    title: 'Sign in',
    profileTitle: 'Profile',
    checkoutNotice: 'Please sign in to place an order',
    phoneLabel: 'Phone number',
    phoneHint: 'We will text you a sign-in code',
    getCode: 'Get the code',
    codeLabel: 'Code from the SMS',
    codeSentTo: 'The code was sent to {{phone}}',
    changePhone: 'Change the number',
    resendIn: 'You can get a new code in {{time}}',
    resend: 'Get a new code',
    continue: 'Continue',
    attemptsLeft_one: '{{count}} attempt left',
    attemptsLeft_other: '{{count}} attempts left',
    or: 'or sign in with',
    signedInAs: 'Signed in as',
    noName: 'No name given',
    phone: 'Phone',
    email: 'Email',
    signOut: 'Sign out',
    toMenu: 'Back to the menu',
    failed: 'Could not sign in. Please try again',
    captchaFailed: 'Could not check that you are not a robot. Reload the page and try again',
    withVk: 'Sign in with VK ID',
    withApple: 'Sign in with Apple',
    ...providerTexts.en,
  },
} satisfies Record<Locale, NamespaceTexts>;
