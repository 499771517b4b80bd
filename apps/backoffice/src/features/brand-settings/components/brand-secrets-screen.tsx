import { mayAdmin } from '@storefront/domain';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import screen from '../../../entities/menu-parts/menu-part-screen.module.css';
import { useStaffSession } from '../../../entities/staff-session/staff-session.ts';
import { useBrandSecrets } from '../model/brand-settings-api.ts';
import styles from './brand-settings.module.css';

/** /admin/brand/secrets: which secrets the server has and what fails without each; never a value. */
export function BrandSecretsScreen() {
  const { t } = useTranslation('brandSettings');
  const locale = useLocale() === 'en' ? 'en' : 'ru';
  const role = useStaffSession()?.staff.role;
  const allowed = !!role && mayAdmin(role, 'brand.manage');
  const secrets = useBrandSecrets();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return (secrets.data ?? []).filter(
      (secret) =>
        !needle ||
        `${secret.name} ${secret.purpose[locale]} ${secret.requiredFor[locale]}`
          .toLocaleLowerCase()
          .includes(needle),
    );
  }, [secrets.data, search, locale]);

  if (!allowed)
    return (
      <p className={screen.state} role="alert">
        {t('ownersOnly')}
      </p>
    );
  return (
    <section className={screen.screen} aria-labelledby="brand-secrets-title">
      <div className={screen.heading}>
        <h2 id="brand-secrets-title" className={screen.title}>
          {t('secretsTitle')}
        </h2>
      </div>
      <p className={screen.hint}>{t('secretsIntro')}</p>
      <div className={screen.filters}>
        <Field label={t('secretsSearch')}>
          {(control) => (
            <input
              {...control}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          )}
        </Field>
      </div>
      {secrets.isPending ? (
        <p className={screen.state} role="status">
          <Spinner size={20} /> {t('loading')}
        </p>
      ) : secrets.isError ? (
        <div className={screen.state} role="alert">
          <p>
            {t('failed')}: {secrets.error.message}
          </p>
          <Button variant="secondary" onClick={() => void secrets.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : shown.length === 0 ? (
        <p className={screen.state}>{t('nothingFound')}</p>
      ) : (
        <table className={screen.table}>
          <thead>
            <tr>
              <th scope="col">{t('colSecret')}</th>
              <th scope="col">{t('colPurpose')}</th>
              <th scope="col">{t('colRequired')}</th>
              <th scope="col">{t('colState')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((secret) => (
              <tr key={secret.name}>
                <td data-label={t('colSecret')}>
                  <code>{secret.name}</code>
                </td>
                <td data-label={t('colPurpose')}>{secret.purpose[locale]}</td>
                <td data-label={t('colRequired')}>{secret.requiredFor[locale]}</td>
                <td data-label={t('colState')}>
                  <span className={secret.present ? styles.present : styles.missing}>
                    {secret.present ? t('present') : t('missing')}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
