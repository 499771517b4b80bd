import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import styles from './boot.module.css';
import type { BootFailure } from './boot-failure.ts';

/**
 * A failed boot fetch is fatal (docs/product.md §4), but never a blank page: say what failed (the
 * answer's own words, else docs/product.md §8's fallback in the interface language), the HTTP status,
 * and offer a retry.
 */
export function FatalError({ failure, onRetry }: { failure: BootFailure; onRetry: () => void }) {
  const { t } = useTranslation('boot');
  return (
    <main className={styles.fatal} role="alert">
      <h1>{t('failedTitle')}</h1>
      <p>{t('failedHint')}</p>
      <p className={styles.detail} data-testid="boot-failure">
        {failure.serverMessage ?? t(failure.fallback)}
      </p>
      <p className={styles.detail} data-testid="boot-status">
        {failure.status === null ? t('noAnswer') : t('status', { status: failure.status })}
      </p>
      <Button variant="primary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </main>
  );
}
