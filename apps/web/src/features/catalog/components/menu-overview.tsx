import { type Locale, pickText, UNGROUPED_GROUP_ID } from '@storefront/domain';
import type { Position, PositionGroup, Resto } from '@storefront/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  menuGroupsQuery,
  menuPositionsQuery,
  restoModifiersQuery,
  restoTimeSlotsQuery,
} from '../../../shared/api/catalog-queries.ts';
import { useCurrentLocation } from '../../../shared/current-location.tsx';
import { DishCard } from './dish-card.tsx';
import styles from './menu-overview.module.css';
import { useDishAvailability } from './use-dish-availability.ts';

function groupOf(position: Position): number {
  return position.positionGroup?.id ?? UNGROUPED_GROUP_ID;
}

function MenuSection({ menuId, locale, resto }: { menuId: number; locale: Locale; resto: Resto }) {
  const { t } = useTranslation('catalog');
  const groups = useQuery(menuGroupsQuery(menuId)).data ?? [];
  const positions = useQuery(menuPositionsQuery(menuId)).data ?? [];
  const modifiers = useQuery(restoModifiersQuery(resto.id)).data ?? [];
  const slots = useQuery(restoTimeSlotsQuery(resto.id)).data ?? [];
  const availability = useDishAvailability(slots, resto.timezone);
  const withModifiers = new Set(modifiers.filter((m) => m.modifiers.length > 0).map((m) => m.positionId));
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
          <div className={styles.grid}>
            {positions
              .filter((p) => groupOf(p) === group.id)
              .map((p) => (
                <DishCard
                  key={p.id}
                  position={p}
                  currency={resto.currency}
                  hasModifiers={withModifiers.has(p.id)}
                  availability={availability(p.id)}
                />
              ))}
          </div>
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
          <MenuSection menuId={menu.id} locale={locale} resto={resto} />
        </section>
      ))}
    </div>
  );
}
