import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import styles from './boot.module.css';

/** A failed boot fetch is fatal (docs/product.md §4), but never a blank page: say what failed and offer a retry. */
export function FatalError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('boot');
  return (
    <main className={styles.fatal} role="alert">
      <h1>{t('failedTitle')}</h1>
      <p>{t('failedHint')}</p>
      <p className={styles.detail}>{message}</p>
      <Button variant="primary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </main>
  );
}
