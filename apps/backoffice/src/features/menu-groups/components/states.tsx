import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useTranslation } from 'react-i18next';
import styles from './menu-groups.module.css';

/** A load that failed: what went wrong and a retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('menuGroups');
  return (
    <div className={styles.state} role="alert">
      <p>
        {t('failed')}: {message}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

export function Loading() {
  const { t } = useTranslation('menuGroups');
  return (
    <div className={styles.state} role="status">
      <Spinner label={t('loading')} />
    </div>
  );
}
