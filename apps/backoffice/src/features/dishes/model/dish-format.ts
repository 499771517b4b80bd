import { formatMoney, type Locale, type Minor } from '@storefront/domain';

/** A price as the list shows it: 349 ₽, 349,5 ₽. */
export const formatPrice = (price: Minor, locale: Locale) =>
  formatMoney(price, 'RUB', locale === 'en' ? 'en' : 'ru');

/** A weight: 300 г, 8 шт. */
export function formatWeight(
  measure: { value: number; unit: 'g' | 'pc' | 'ml' | 'cm' },
  t: (key: string) => string,
) {
  return `${String(measure.value).replace('.', ',')} ${t(`unit_${measure.unit}`)}`;
}
