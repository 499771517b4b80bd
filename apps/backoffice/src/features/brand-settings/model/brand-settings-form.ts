import type { AdminBrandSettings } from '@storefront/domain/contracts';

/** A condiment each person of an order gets free (decision 56): a dish of the brand, 1–5 per person. */
export interface FreeCondimentValue {
  positionId: number;
  perPerson: number;
}
/** The settings as answered; freeCondiments absent from an older server's answer reads as none. */
type Settings = AdminBrandSettings['settings'] & { freeCondiments?: FreeCondimentValue[] };

/** The sign-in methods a brand offers (the domain's TOKEN_SOURCES, without importing zod at run time). */
export const AUTH_METHODS = ['PHONE', 'GOOGLE', 'APPLE', 'VK'] as const;
export const LINKS = ['franchise', 'appStore', 'googlePlay', 'support'] as const;
export const CLIENT_IDS = [
  'googleMapsKey',
  'captchaClientKey',
  'googleClientId',
  'appleClientId',
  'vkAppId',
  'metrikaId',
] as const;
export const FEATURE_SWITCHES = ['personCount', 'promoCodes', 'preOrder'] as const;

/**
 * The settings form: the API's own shape (so a field error's path is the form field's name), with the nullable
 * texts as '' and the default city as text for its select.
 */
export interface BrandSettingsValues {
  name: { ru: string; en: string };
  logo: string;
  favicon: string;
  theme: { mode: 'dark' | 'light'; primary: string };
  links: Record<(typeof LINKS)[number], string>;
  features: { auth: string[]; personCount: boolean; promoCodes: boolean; preOrder: boolean };
  defaults: { cityId: string; deliveryMethod: '' | 'DELIVERY' | 'TAKE_AWAY' };
  clients: Record<(typeof CLIENT_IDS)[number], string>;
  freeCondiments: FreeCondimentValue[];
}

const text = (value: string | null) => value ?? '';
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function brandSettingsValues(settings: Settings): BrandSettingsValues {
  return {
    name: { ...settings.name },
    logo: settings.logo,
    favicon: settings.favicon,
    theme: { ...settings.theme },
    links: Object.fromEntries(
      LINKS.map((key) => [key, text(settings.links[key])]),
    ) as BrandSettingsValues['links'],
    features: { ...settings.features, auth: [...settings.features.auth] },
    defaults: {
      cityId: settings.defaults.cityId === null ? '' : String(settings.defaults.cityId),
      deliveryMethod: settings.defaults.deliveryMethod ?? '',
    },
    clients: Object.fromEntries(
      CLIENT_IDS.map((key) => [key, text(settings.clients[key])]),
    ) as BrandSettingsValues['clients'],
    freeCondiments: (settings.freeCondiments ?? []).map((condiment) => ({ ...condiment })),
  };
}

/** The PATCH body: every section whole (the server audits only the sections that changed). */
export function brandSettingsBody(values: BrandSettingsValues) {
  return {
    name: { ru: values.name.ru.trim(), en: values.name.en.trim() },
    logo: values.logo.trim(),
    favicon: values.favicon.trim(),
    theme: { mode: values.theme.mode, primary: values.theme.primary.trim() },
    links: Object.fromEntries(LINKS.map((key) => [key, orNull(values.links[key])])),
    features: {
      auth: AUTH_METHODS.filter((method) => values.features.auth.includes(method)),
      personCount: values.features.personCount,
      promoCodes: values.features.promoCodes,
      preOrder: values.features.preOrder,
    },
    defaults: {
      cityId: values.defaults.cityId === '' ? null : Number(values.defaults.cityId),
      deliveryMethod: values.defaults.deliveryMethod === '' ? null : values.defaults.deliveryMethod,
    },
    clients: Object.fromEntries(CLIENT_IDS.map((key) => [key, orNull(values.clients[key])])),
    freeCondiments: values.freeCondiments.map(({ positionId, perPerson }) => ({ positionId, perPerson })),
  };
}

export const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** An https:// address, as the API requires of every link; '' is no link. */
export function isHttpsOrEmpty(value: string): boolean {
  if (value.trim() === '') return true;
  try {
    return new URL(value.trim()).protocol === 'https:';
  } catch {
    return false;
  }
}

export const isMediaPath = (value: string) =>
  /^\/media\/[\w\-./]+$/.test(value.trim()) && !value.includes('..');

/**
 * The text colour readable on a background (the preview's button): dark on a light colour, white on a dark one,
 * by the colour's relative luminance.
 */
export function textOn(background: string): string {
  if (!COLOUR.test(background)) return '#000000';
  const channel = (hex: string) => {
    const c = Number.parseInt(hex, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance =
    0.2126 * channel(background.slice(1, 3)) +
    0.7152 * channel(background.slice(3, 5)) +
    0.0722 * channel(background.slice(5, 7));
  return luminance > 0.4 ? '#111111' : '#ffffff';
}
