import { type Locale, pickText, UNGROUPED_GROUP_ID } from '@storefront/domain';
import type { Position, PositionGroup, Resto } from '@storefront/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  menuGroupsQuery,
  menuPositionsQuery,
  restoModifiersQuery,
  restoTimeSlotsQuery,
} from '../../../entities/catalog/catalog-queries.ts';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { AppLink } from '../../../shared/navigation/app-link.tsx';
import { useIsWide } from '../../../shared/ui/breakpoints.ts';
import { DishCard } from './dish-card.tsx';
import styles from './menu-overview.module.css';
import { useActiveGroup } from './use-active-group.ts';
import { useDishAvailability } from './use-dish-availability.ts';

function groupOf(position: Position): number {
  return position.positionGroup?.id ?? UNGROUPED_GROUP_ID;
}

/**
 * At start a menu is drawn a few dishes at a time, one batch per task (decision 30): the boot's answers
 * arrive together, and drawing a whole menu at once was one task of about 0.7 s on a cheap phone's CPU.
 * A batch is sized by how long the last one took on this device, so that a task stays short enough not
 * to block a tap (Lighthouse counts a task over 50 ms on a phone four times slower than its trace).
 * Once drawn whole, every later mount draws whole at once, so coming back from a dish or restoring the
 * scroll finds the full menu.
 */
const FIRST_DISHES_AT_ONCE = 4;
const FIRST_BATCH = 2;
const MAX_BATCH = 12;
const BATCH_BUDGET_MS = 10;
let menusDrawnWhole = false;

function nextBatch(size: number, spentMs: number): number {
  return Math.min(MAX_BATCH, Math.max(1, Math.floor((size * BATCH_BUDGET_MS) / Math.max(spentMs, 0.5))));
}

function useDishesDrawn(total: number): number {
  const [drawn, setDrawn] = useState(menusDrawnWhole ? Number.POSITIVE_INFINITY : FIRST_DISHES_AT_ONCE);
  const batch = useRef({ size: FIRST_BATCH, startedAt: 0 });
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once a batch is drawn, in the batch's task.
  useLayoutEffect(() => {
    const { size, startedAt } = batch.current;
    if (startedAt > 0) batch.current = { size: nextBatch(size, performance.now() - startedAt), startedAt: 0 };
  }, [drawn]);
  useEffect(() => {
    if (drawn >= total) {
      if (total > 0) menusDrawnWhole = true;
      return;
    }
    const next = setTimeout(() => {
      batch.current.startedAt = performance.now();
      setDrawn((count) => count + batch.current.size);
    }, 0);
    return () => clearTimeout(next);
  }, [drawn, total]);
  return drawn;
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
  const sections = filled.map((group) => ({
    group,
    dishes: positions.filter((p) => groupOf(p) === group.id),
  }));
  const drawn = useDishesDrawn(sections.reduce((sum, section) => sum + section.dishes.length, 0));
  // Each section's place in the menu's order of dishes, to know how much of it is drawn yet.
  let before = 0;
  const shown = sections.flatMap(({ group, dishes }) => {
    const first = before;
    before += dishes.length;
    return first < drawn ? [{ group, dishes: dishes.slice(0, drawn - first) }] : [];
  });
  // The sections drawn so far: one drawn later is observed from when it is there.
  const active = useActiveGroup(shown.map(({ group }) => `group-${menuId}-${group.id}`));
  const strip = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the highlighted group changes.
  useEffect(() => {
    // Keep the highlighted group visible in the strip itself, without moving the page.
    const link = strip.current?.querySelector<HTMLElement>('[aria-current="true"]');
    strip.current?.scrollTo?.({ left: (link?.offsetLeft ?? 0) - 16, behavior: 'smooth' });
  }, [active]);
  if (filled.length === 0) return <p className={styles.empty}>{t('empty')}</p>;
  return (
    <>
      <nav className={styles.strip} aria-label={t('groups')} ref={strip}>
        {filled.map((group) => {
          const id = `group-${menuId}-${group.id}`;
          return (
            <a key={group.id} href={`#${id}`} aria-current={active === id ? 'true' : undefined}>
              {pickText(group.name, locale)}
            </a>
          );
        })}
      </nav>
      {shown.map(({ group, dishes }) => (
        <section
          key={group.id}
          id={`group-${menuId}-${group.id}`}
          className={styles.group}
          aria-labelledby={`group-title-${menuId}-${group.id}`}
        >
          <h2 id={`group-title-${menuId}-${group.id}`}>{pickText(group.name, locale)}</h2>
          <div className={styles.grid}>
            {dishes.map((p) => (
              <DishCard
                key={p.id}
                position={p}
                currency={resto.currency}
                hasModifiers={withModifiers.has(p.id)}
                availability={availability(p.id)}
                locale={locale}
                t={t}
              />
            ))}
          </div>
        </section>
      ))}
    </>
  );
}

/** docs/product.md §2: the mobile home below 840 px or on a phone; the desktop menus variant otherwise. */
function useDesktopVariant(): boolean {
  const wide = useIsWide();
  const phone =
    typeof navigator !== 'undefined' && /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
  return wide && !phone;
}

/**
 * The chosen restaurant's menus. With `menuId`, that menu alone (/menus/{id}). Home on a phone shows
 * the first menu with links to the others; home on desktop shows every menu, one under another, with
 * a menu bar that jumps between them. Groups in order, 'Прочее' last.
 */
export function MenuOverview({
  menuId,
  onChooseLocation,
}: {
  menuId?: number;
  onChooseLocation: () => void;
}) {
  const { t } = useTranslation('catalog');
  const locale = useLocale();
  const { resto, menus } = useCurrentLocation();
  const desktop = useDesktopVariant();
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
  const current = menuId ?? (desktop ? undefined : menus[0]?.id);
  const shown = current === undefined ? menus : menus.filter((m) => m.id === current);
  return (
    <div className={styles.overview}>
      {menus.length > 1 && (
        <nav className={styles.menus} aria-label={t('menus')}>
          {menus.map((menu) =>
            current === undefined ? (
              <a key={menu.id} href={`#menu-${menu.id}`}>
                {pickText(menu.name, locale)}
              </a>
            ) : (
              <AppLink
                key={menu.id}
                to={`/menus/${menu.id}`}
                aria-current={menu.id === current ? 'page' : undefined}
              >
                {pickText(menu.name, locale)}
              </AppLink>
            ),
          )}
        </nav>
      )}
      {shown.map((menu) => (
        <section key={menu.id} id={`menu-${menu.id}`} aria-label={pickText(menu.name, locale)}>
          {shown.length > 1 && <h1 className={styles.menuTitle}>{pickText(menu.name, locale)}</h1>}
          <MenuSection menuId={menu.id} locale={locale} resto={resto} />
        </section>
      ))}
    </div>
  );
}
