import { pickText } from '@storefront/domain';
import type { CityListItem } from '@storefront/domain/contracts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import styles from './location-popup.module.css';

/** The city step: one button per city of the brand. */
export function CityStep({
  cities,
  selectedCityId,
  loadingCityId,
  failed,
  onPick,
}: {
  cities: CityListItem[];
  selectedCityId: number | null;
  loadingCityId: number | null;
  failed: boolean;
  onPick: (cityId: number) => void;
}) {
  const { t } = useTranslation('location');
  const locale = useLocale();
  return (
    <section aria-labelledby="city-step-title">
      <h3 id="city-step-title" className={styles.stepTitle}>
        {t('chooseCity')}
      </h3>
      <ul className={styles.choices}>
        {cities.map((city) => (
          <li key={city.id}>
            <button
              type="button"
              className={styles.choice}
              aria-pressed={city.id === selectedCityId}
              onClick={() => onPick(city.id)}
              disabled={loadingCityId !== null}
            >
              <span>{pickText(city.name, locale)}</span>
              {loadingCityId === city.id && <Spinner size={20} />}
            </button>
          </li>
        ))}
      </ul>
      {failed && (
        <p className={styles.problem} role="alert">
          {t('loadFailed')}
        </p>
      )}
    </section>
  );
}
