import { formatMoney, type Locale, minor, pickText } from '@storefront/domain';
import type { AdminGroup } from '@storefront/domain/contracts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dishesOfGroup, isOrderMismatch, useMenuDishes, useReorderDishes } from '../model/menu-groups-api.ts';
import styles from './menu-groups.module.css';
import { SortableList } from './sortable-list.tsx';
import { LoadFailed, Loading } from './states.tsx';

/** A group's dishes, hidden ones too, reordered as the groups are; the whole list is sent. */
export function GroupDishes({
  menuId,
  group,
  onBack,
}: {
  menuId: number;
  group: AdminGroup;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation('menuGroups');
  const locale = i18n.language as Locale;
  const dishes = useMenuDishes(menuId);
  const reorder = useReorderDishes(menuId, group.id);
  const [status, setStatus] = useState<string | null>(null);
  const [optimistic, setOptimistic] = useState<number[] | null>(null);
  const title = t('groupDishes', { name: pickText(group.name, locale) });
  const back = (
    <Button variant="text" onClick={onBack}>
      ← {t('back')}
    </Button>
  );
  if (dishes.isPending) return <Loading />;
  if (dishes.isError)
    return (
      <>
        {back}
        <LoadFailed message={dishes.error.message} onRetry={() => void dishes.refetch()} />
      </>
    );
  const list = dishesOfGroup(dishes.data, group.id);
  const byId = new Map(list.map((dish) => [dish.id, dish]));
  const ordered = optimistic ? optimistic.flatMap((id) => byId.get(id) ?? []) : list;
  const saveOrder = (positionIds: number[]) => {
    setOptimistic(positionIds);
    setStatus(t('saving'));
    reorder.mutate(positionIds, {
      onSuccess: () => setStatus(t('orderSaved')),
      onError: (error) =>
        setStatus(isOrderMismatch(error) ? t('orderChanged') : t('orderFailed', { message: error.message })),
      onSettled: () => setOptimistic(null),
    });
  };
  return (
    <section className={styles.screen} aria-label={title}>
      <div className={styles.toolbar}>
        {back}
        <h3 className={styles.subtitle}>{title}</h3>
      </div>
      <p className={styles.status} role="status" aria-live="polite">
        {status}
      </p>
      {ordered.length === 0 ? (
        <p className={styles.state}>{t('noDishes')}</p>
      ) : (
        <>
          <p className={styles.hint}>{t('reorderHint')}</p>
          <SortableList
            items={ordered}
            nameOf={(dish) => pickText(dish.name, locale)}
            onReorder={saveOrder}
            disabled={reorder.isPending}
            label={title}
          >
            {(dish, handle) => (
              <div className={styles.rowBody} data-hidden={!dish.isPublished || undefined}>
                {handle}
                <div className={styles.rowMain}>
                  <span className={styles.rowName}>{dish.name.ru}</span>
                  {dish.name.en && (
                    <span className={styles.rowSub} lang="en">
                      {dish.name.en}
                    </span>
                  )}
                </div>
                <span className={styles.count}>{formatMoney(minor(dish.price), 'RUB', locale)}</span>
                {!dish.isPublished && <span className={styles.badge}>{t('dishHidden')}</span>}
              </div>
            )}
          </SortableList>
        </>
      )}
    </section>
  );
}
