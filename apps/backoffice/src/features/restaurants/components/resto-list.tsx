import { mayAdmin, pickText } from '@storefront/domain';
import type { AdminResto } from '@storefront/domain/contracts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminCities } from '../../../entities/cities/cities.ts';
import { ListState } from '../../../entities/menu-parts/list-state.tsx';
import screen from '../../../entities/menu-parts/menu-part-screen.module.css';
import { useAdminRestos } from '../../../entities/restos/restos.ts';
import { useStaffSession } from '../../../entities/staff-session/staff-session.ts';
import { Link } from '../../../shared/navigation.tsx';
import own from './restaurants.module.css';

const styles = { ...screen, ...own };

/** The restaurants the person may see: a search over name, address and city, a shown/hidden filter. */
export function RestoList() {
  const { t } = useTranslation('restaurants');
  const locale = useLocale();
  const restos = useAdminRestos();
  const cities = useAdminCities();
  const role = useStaffSession()?.staff.role;
  const [search, setSearch] = useState('');
  const [published, setPublished] = useState('');

  const cityName = useMemo(() => {
    const names = new Map((cities.data ?? []).map((city) => [city.id, city.name]));
    return (resto: AdminResto) => {
      const name = resto.cityId === null ? undefined : names.get(resto.cityId);
      return name ? pickText(name, locale) : '';
    };
  }, [cities.data, locale]);

  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return (restos.data ?? []).filter((resto) => {
      if (published === 'yes' && !resto.isPublished) return false;
      if (published === 'no' && resto.isPublished) return false;
      if (!needle) return true;
      const haystack = [
        resto.name.ru,
        resto.name.en,
        resto.address.ru,
        resto.address.en,
        resto.street.ru,
        resto.street.en,
        cityName(resto),
      ]
        .filter(Boolean)
        .join(' ')
        .toLocaleLowerCase();
      return haystack.includes(needle);
    });
  }, [restos.data, search, published, cityName]);

  const methods = (resto: AdminResto) =>
    [resto.isDelivery && t('delivery'), resto.isTakeAway && t('takeAway')].filter(Boolean).join(', ') ||
    t('noMethods');

  return (
    <section className={styles.screen} aria-labelledby="restos-title">
      <div className={styles.heading}>
        <h2 id="restos-title" className={styles.title}>
          {t('title')}
        </h2>
        {role && mayAdmin(role, 'cities.write') && (
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
        <Field label={t('published')}>
          {(control) => (
            <select {...control} value={published} onChange={(event) => setPublished(event.target.value)}>
              <option value="">{t('anyPublished')}</option>
              <option value="yes">{t('onlyPublished')}</option>
              <option value="no">{t('onlyHidden')}</option>
            </select>
          )}
        </Field>
      </div>
      <ListState query={restos} shown={shown.length} t={t}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('colName')}</th>
              <th scope="col">{t('colAddress')}</th>
              <th scope="col">{t('colCity')}</th>
              <th scope="col">{t('colMethods')}</th>
              <th scope="col">{t('colState')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((resto) => (
              <tr key={resto.id}>
                <td data-label={t('colName')}>
                  <Link href={`/${resto.id}`} className={styles.nameLink}>
                    {pickText(resto.name, locale)}
                  </Link>
                </td>
                <td data-label={t('colAddress')}>{pickText(resto.address, locale)}</td>
                <td data-label={t('colCity')}>{cityName(resto)}</td>
                <td data-label={t('colMethods')}>{methods(resto)}</td>
                <td data-label={t('colState')}>
                  <span className={resto.isPublished ? styles.shown : styles.hidden}>
                    {resto.isPublished ? t('shown') : t('hidden')}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListState>
    </section>
  );
}
