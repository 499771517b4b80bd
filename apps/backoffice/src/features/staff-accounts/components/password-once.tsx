import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ResponsiveDialog } from '@storefront/web/src/shared/ui/dialog.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './staff-accounts.module.css';

/** A password the server made up, shown this once with a copy button; closed only by "I handed it over". */
export function PasswordOnce({
  shown,
  onDone,
}: {
  shown: { login: string; password: string } | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('staffAccounts');
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const done = () => {
    setCopy('idle');
    onDone();
  };
  return (
    <ResponsiveDialog
      open={shown !== null}
      onOpenChange={(open) => {
        if (!open) done();
      }}
      dismissible={false}
      size="compact"
      title={shown ? t('secretTitle', { login: shown.login }) : ''}
      description={t('secretText')}
      footer={
        <div className={styles.dialogActions}>
          <Button
            variant="secondary"
            onClick={() => {
              if (!shown) return;
              navigator.clipboard
                ?.writeText(shown.password)
                .then(() => setCopy('copied'))
                .catch(() => setCopy('failed')) ?? setCopy('failed');
            }}
          >
            {copy === 'copied' ? t('copied') : t('copy')}
          </Button>
          <Button onClick={done}>{t('secretDone')}</Button>
        </div>
      }
    >
      {shown && (
        <p className={styles.secret} data-testid="password-once">
          <code>{shown.password}</code>
        </p>
      )}
      {copy === 'failed' && (
        <p role="alert" className={styles.error}>
          {t('copyFailed')}
        </p>
      )}
      {copy === 'copied' && (
        <p role="status" className={styles.done}>
          {t('copied')}
        </p>
      )}
    </ResponsiveDialog>
  );
}
