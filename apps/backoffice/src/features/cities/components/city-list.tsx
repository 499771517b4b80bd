import { mayAdmin, pickText } from '@storefront/domain';
import type { AdminCity } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ConfirmationPopup } from '@storefront/web/src/shared/ui/confirmation-popup.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminCities } from '../../../entities/cities/cities.ts';
import { ListState } from '../../../entities/menu-parts/list-state.tsx';
import styles from '../../../entities/menu-parts/menu-part-screen.module.css';
import { useStaffSession } from '../../../entities/staff-session/staff-session.ts';
import { Link } from '../../../shared/navigation.tsx';
import { useDeleteCity } from '../model/cities-api.ts';

/** The brand's cities: a name search, each with its restaurants' count; owners add and delete. */
export function CityList() {
  const { t } = useTranslation('cities');
  const locale = useLocale();
  const cities = useAdminCities();
  const role = useStaffSession()?.staff.role;
  const mayWrite = !!role && mayAdmin(role, 'cities.write');
  const [search, setSearch] = useState('');
  const [asking, setAsking] = useState<AdminCity | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const remove = useDeleteCity();

  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return (cities.data ?? []).filter(
      (city) => !needle || `${city.name.ru} ${city.name.en ?? ''}`.toLocaleLowerCase().includes(needle),
    );
  }, [cities.data, search]);

  return (
    <section className={styles.screen} aria-labelledby="cities-title">
      <div className={styles.heading}>
        <h2 id="cities-title" className={styles.title}>
          {t('title')}
        </h2>
        {mayWrite && (
          <Link href="/new" className={styles.primaryLink}>
            {t('add')}
          </Link>
        )}
      </div>
      <p className={styles.hint}>{t('intro')}</p>
      <div className={styles.filters}>
        <Field label={t('search')}>
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
      <p role="status" className={notice && !notice.ok ? styles.error : styles.ok}>
        {notice?.text ?? ''}
      </p>
      <ListState query={cities} shown={shown.length} t={t}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('colName')}</th>
              <th scope="col">{t('colRestos')}</th>
              <th scope="col">{t('colOrder')}</th>
              {mayWrite && <th scope="col">{t('colActions')}</th>}
            </tr>
          </thead>
          <tbody>
            {shown.map((city) => (
              <tr key={city.id}>
                <td data-label={t('colName')}>
                  <Link href={`/${city.id}`} className={styles.nameLink}>
                    {pickText(city.name, locale)}
                  </Link>
                </td>
                <td data-label={t('colRestos')}>{city.restoCount}</td>
                <td data-label={t('colOrder')}>{city.order}</td>
                {mayWrite && (
                  <td data-label={t('colActions')}>
                    <Button
                      variant="text"
                      disabled={city.restoCount > 0}
                      title={city.restoCount > 0 ? t('hasRestos') : undefined}
                      aria-label={t('deleteNamed', { name: pickText(city.name, locale) })}
                      onClick={() => setAsking(city)}
                    >
                      {t('delete')}
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </ListState>
      <ConfirmationPopup
        open={asking !== null}
        headline={t('deleteTitle', { name: asking ? pickText(asking.name, locale) : '' })}
        supportingText={t('deleteText')}
        confirmText={t('delete')}
        confirmLoading={remove.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (!asking) return;
          remove.mutate(asking, {
            onSuccess: () => {
              setAsking(null);
              setNotice({ ok: true, text: t('deleted') });
            },
            onError: (error) => {
              setAsking(null);
              setNotice({
                ok: false,
                text:
                  error instanceof ApiError ? `${t('deleteFailed')}: ${error.message}` : t('deleteFailed'),
              });
            },
          });
        }}
      />
    </section>
  );
}
