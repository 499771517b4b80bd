import { type Locale, MENU_ADD_ONS_MAX, pickText } from '@storefront/domain';
import type { AdminMenu } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ResponsiveDialog } from '@storefront/web/src/shared/ui/dialog.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DishOrderPicker } from '../../../entities/menu-parts/dish-order-picker.tsx';
import { useAllDishes } from '../../../entities/menu-parts/menu-parts.ts';
import { staleMenu } from '../model/menus-api.ts';
import styles from './menus.module.css';

/**
 * A menu's add-ons ('Добавки к заказу'): the dishes of the brand the cart offers with it, in order. Saved alone
 * (PATCH addOnPositionIds) under the menu's version; a 412 shows the list now beside the person's, to take it or
 * save theirs over it; a 422 shows its message under the list.
 */
export function AddOnsDialog({
  menu,
  onClose,
  onSave,
}: {
  menu: AdminMenu;
  onClose: () => void;
  onSave: (addOnPositionIds: number[], version: number) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation('menus');
  const locale = i18n.language as Locale;
  const dishes = useAllDishes();
  const errorId = useId();
  const [value, setValue] = useState<number[]>(menu.addOnPositionIds);
  const [version, setVersion] = useState(menu.version);
  const [stale, setStale] = useState<AdminMenu | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const name = (id: number) => {
    const dish = dishes.data?.find((candidate) => candidate.id === id);
    return dish ? pickText(dish.name, locale) : `#${id}`;
  };
  const listText = (ids: number[]) => ids.map(name).join(', ') || t('addOnsNone');
  const save = async (over: number) => {
    setFailure(null);
    setSaving(true);
    try {
      await onSave(value, over);
      onClose();
    } catch (error) {
      const current = staleMenu(error);
      if (current) setStale(current);
      else if (error instanceof ApiError && error.fieldErrors.length > 0)
        setFailure(error.fieldErrors.map((issue) => issue.message).join('; '));
      else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <ResponsiveDialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('addOnsTitle', { name: pickText(menu.name, locale) })}
      footer={
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('cancel')}
          </Button>
          <Button loading={saving} disabled={!dishes.data} onClick={() => void save(version)}>
            {t('save')}
          </Button>
        </div>
      }
    >
      <div className={styles.form}>
        <p className={styles.sub}>{t('addOnsHint')}</p>
        {stale && (
          <section className={styles.stale} role="alert" aria-label={t('staleTitle')}>
            <h3 className={styles.staleTitle}>{t('staleTitle')}</h3>
            <table className={styles.staleTable}>
              <thead>
                <tr>
                  <th scope="col">{t('staleField')}</th>
                  <th scope="col">{t('staleYours')}</th>
                  <th scope="col">{t('staleNow')}</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{t('addOns')}</th>
                  <td>{listText(value)}</td>
                  <td>{listText(stale.addOnPositionIds)}</td>
                </tr>
              </tbody>
            </table>
            <div className={styles.actions}>
              <Button
                variant="secondary"
                onClick={() => {
                  setValue(stale.addOnPositionIds);
                  setVersion(stale.version);
                  setStale(null);
                }}
              >
                {t('takeCurrent')}
              </Button>
              <Button
                loading={saving}
                onClick={() => {
                  setVersion(stale.version);
                  setStale(null);
                  void save(stale.version);
                }}
              >
                {t('saveMine')}
              </Button>
            </div>
          </section>
        )}
        {dishes.isError ? (
          <div role="alert">
            <p className={styles.error}>{t('dishesFailed')}</p>
            <Button variant="secondary" onClick={() => void dishes.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : dishes.isPending ? (
          <p role="status">
            <Spinner size={20} /> {t('loading')}
          </p>
        ) : (
          <DishOrderPicker
            dishes={dishes.data}
            value={value}
            onChange={setValue}
            max={MENU_ADD_ONS_MAX}
            locale={locale}
            invalid={!!failure}
            describedBy={failure ? errorId : undefined}
            labels={{
              legend: t('addOns'),
              search: t('addOnsSearch'),
              chosen: t('addOnsCount', { count: value.length, max: MENU_ADD_ONS_MAX }),
              add: t('addOnsAdd'),
              up: t('moveUp'),
              down: t('moveDown'),
              remove: t('remove'),
              nothingFound: t('nothingFound'),
              none: t('addOnsNone'),
              full: t('addOnsFull', { max: MENU_ADD_ONS_MAX }),
            }}
          />
        )}
        {failure && (
          <p id={errorId} className={styles.error} role="alert">
            {failure}
          </p>
        )}
      </div>
    </ResponsiveDialog>
  );
}
