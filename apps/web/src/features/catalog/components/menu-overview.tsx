import {
  EXTENDED_COOKING_TAG,
  formatMoney,
  type Locale,
  minor,
  pickText,
  UNGROUPED_GROUP_ID,
} from '@storefront/domain';
import type { Position, PositionGroup } from '@storefront/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { menuGroupsQuery, menuPositionsQuery } from '../../../shared/api/catalog-queries.ts';
import { useCurrentLocation } from '../../../shared/current-location.tsx';
import styles from './menu-overview.module.css';

function groupOf(position: Position): number {
  return position.positionGroup?.id ?? UNGROUPED_GROUP_ID;
}

function MenuSection({ menuId, locale, currency }: { menuId: number; locale: Locale; currency: string }) {
  const { t } = useTranslation('catalog');
  const groups = useQuery(menuGroupsQuery(menuId)).data ?? [];
  const positions = useQuery(menuPositionsQuery(menuId)).data ?? [];
  const filled = groups.filter((g: PositionGroup) => positions.some((p) => groupOf(p) === g.id));
  if (filled.length === 0) return <p className={styles.empty}>{t('empty')}</p>;
  return (
    <>
      <nav className={styles.strip} aria-label={t('groups')}>
        {filled.map((group) => (
          <a key={group.id} href={`#group-${menuId}-${group.id}`}>
            {pickText(group.name, locale)}
          </a>
        ))}
      </nav>
      {filled.map((group) => (
        <section
          key={group.id}
          id={`group-${menuId}-${group.id}`}
          className={styles.group}
          aria-labelledby={`group-title-${menuId}-${group.id}`}
        >
          <h2 id={`group-title-${menuId}-${group.id}`}>{pickText(group.name, locale)}</h2>
          <ul className={styles.positions}>
            {positions
              .filter((p) => groupOf(p) === group.id)
              .map((p) => (
                <li key={p.id} className={styles.position}>
                  <Link to={`/menus/${menuId}/positions/${p.id}`} className={styles.positionName}>
                    {pickText(p.name, locale)}
                  </Link>
                  {p.isAdult && <span className={styles.badge}>{t('adult')}</span>}
                  {p.tags.some((tag) => tag.code === EXTENDED_COOKING_TAG) && (
                    <span className={styles.badge} title={t('extendedCooking')}>
                      ⏱
                    </span>
                  )}
                  {p.measure && (
                    <span className={styles.measure}>
                      {p.measure.value} {t(`unit.${p.measure.unit}`)}
                    </span>
                  )}
                  <span className={styles.price}>{formatMoney(minor(p.price), currency, locale)}</span>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/**
 * The chosen restaurant's menus with their groups in order, 'Прочее' last. The catalog issue turns the
 * rows into dish cards; this is what the customer sees once a location is saved.
 */
export function MenuOverview({
  menuId,
  onChooseLocation,
}: {
  menuId?: number;
  onChooseLocation: () => void;
}) {
  const { t, i18n } = useTranslation('catalog');
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const { resto, menus } = useCurrentLocation();
  if (!resto || menus.length === 0) {
    return (
      <div className={styles.choose}>
        <p>{t('chooseLocation')}</p>
        <button type="button" className={styles.chooseButton} onClick={onChooseLocation}>
          {t('chooseLocationButton')}
        </button>
      </div>
    );
  }
  const shown = menuId ? menus.filter((m) => m.id === menuId) : menus;
  return (
    <div className={styles.overview}>
      {menus.length > 1 && (
        <nav className={styles.menus} aria-label={t('menus')}>
          {menus.map((menu) => (
            <Link
              key={menu.id}
              to={`/menus/${menu.id}`}
              aria-current={menu.id === menuId ? 'page' : undefined}
            >
              {pickText(menu.name, locale)}
            </Link>
          ))}
        </nav>
      )}
      {shown.map((menu) => (
        <section key={menu.id} aria-label={pickText(menu.name, locale)}>
          {shown.length > 1 && <h1 className={styles.menuTitle}>{pickText(menu.name, locale)}</h1>}
          <MenuSection menuId={menu.id} locale={locale} currency={resto.currency} />
        </section>
      ))}
    </div>
  );
}
