import { pickText } from '@storefront/domain';
import type { CityListItem } from '@storefront/domain/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import styles from './location-popup.module.css';

export interface MethodStepFrameProps {
  city: CityListItem;
  canChangeCity: boolean;
  onChangeCity: () => void;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

/**
 * The method step's frame: the city header, then the step's loading or failed state, else its body. Without
 * a body it is the step's loading state that the popup shows while the step's own chunk (the delivery-details
 * form) is on its way: it imports no form code.
 */
export function MethodStepFrame({
  city,
  canChangeCity,
  onChangeCity,
  loading,
  failed,
  onRetry,
  children,
}: MethodStepFrameProps & { children?: ReactNode }) {
  const { t } = useTranslation('location');
  const locale = useLocale();
  return (
    <div className={styles.step}>
      {canChangeCity ? (
        <button
          type="button"
          className={styles.cityHeader}
          onClick={onChangeCity}
          aria-label={t('changeCity', { city: pickText(city.name, locale) })}
        >
          <span aria-hidden="true">‹</span> {pickText(city.name, locale)}
        </button>
      ) : (
        <p className={styles.cityHeaderStatic}>{pickText(city.name, locale)}</p>
      )}
      {loading && <Spinner size={32} />}
      {failed && (
        <div role="alert" className={styles.problem}>
          {t('loadFailed')}{' '}
          <Button variant="text" onClick={onRetry}>
            {t('retry')}
          </Button>
        </div>
      )}
      {!loading && !failed && children}
    </div>
  );
}
