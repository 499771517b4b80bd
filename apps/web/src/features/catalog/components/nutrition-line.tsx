import type { Nutrition } from '@storefront/domain';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../shared/i18n/use-locale.ts';

/**
 * A dish's food values per 100 g in one short line ("На 100 г: 196,5 ккал · Б 8,4 · Ж 9,1 · У 20,2"), numbers in
 * the reader's locale; screen readers hear the words in full. Nothing when the dish has none.
 */
export function NutritionLine({
  nutrition,
  className,
}: {
  nutrition?: Nutrition | undefined;
  className?: string;
}) {
  const { t } = useTranslation('catalog');
  const locale = useLocale();
  if (!nutrition) return null;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const values = {
    kcal: number.format(nutrition.kcal),
    proteins: number.format(nutrition.proteins),
    fats: number.format(nutrition.fats),
    carbs: number.format(nutrition.carbs),
  };
  return (
    <p className={className} data-testid="dish-nutrition">
      <span aria-hidden="true">{t('nutrition', values)}</span>
      <span className="visually-hidden">{t('nutritionLabel', values)}</span>
    </p>
  );
}
