import { type Locale, pickText } from '@storefront/domain';
import type { AdminGroup } from '@storefront/domain/contracts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ConfirmationPopup } from '@storefront/web/src/shared/ui/confirmation-popup.tsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type GroupChange,
  isOrderMismatch,
  staleGroup,
  useCreateGroup,
  useGroups,
  useMenus,
  usePatchGroup,
  useReorderGroups,
} from '../model/menu-groups-api.ts';
import { GroupDishes } from './group-dishes.tsx';
import { GroupNameDialog } from './group-name-dialog.tsx';
import { GroupPhotosDialog, GroupThumb } from './group-photos.tsx';
import styles from './menu-groups.module.css';
import { SortableList } from './sortable-list.tsx';
import { StaleGroupPanel } from './stale-group-panel.tsx';
import { LoadFailed, Loading } from './states.tsx';

/**
 * The Groups tab (/admin/menu/groups): a menu's groups in their order. Drag a row (or its handle with the
 * keyboard) to reorder — the whole list is sent; rename or add one in a dialog; hide one after a confirmation
 * naming how many dishes leave the storefront; open one to reorder its dishes the same way; its photos in a dialog.
 */
export function GroupsScreen() {
  const { t, i18n } = useTranslation('menuGroups');
  const locale = i18n.language as Locale;
  const menus = useMenus();
  const [chosenMenuId, setChosenMenuId] = useState<number | null>(null);
  const menuId = chosenMenuId ?? menus.data?.[0]?.id ?? null;
  const menuSelectId = useId();
  if (menus.isPending) return <Loading />;
  if (menus.isError) return <LoadFailed message={menus.error.message} onRetry={() => void menus.refetch()} />;
  if (menus.data.length === 0) return <p className={styles.state}>{t('noMenus')}</p>;
  return (
    <section className={styles.screen} aria-labelledby={`${menuSelectId}-title`}>
      <h2 id={`${menuSelectId}-title`} className={styles.visuallyHidden}>
        {t('title')}
      </h2>
      <div className={styles.toolbar}>
        <label className={styles.inline} htmlFor={menuSelectId}>
          <span>{t('menu')}</span>
          <select
            id={menuSelectId}
            className={styles.select}
            value={menuId ?? ''}
            onChange={(event) => setChosenMenuId(Number(event.target.value))}
          >
            {menus.data.map((menu) => (
              <option key={menu.id} value={menu.id}>
                {pickText(menu.name, locale)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {menuId !== null && <MenuGroups key={menuId} menuId={menuId} />}
    </section>
  );
}

function MenuGroups({ menuId }: { menuId: number }) {
  const { t, i18n } = useTranslation('menuGroups');
  const locale = i18n.language as Locale;
  const groups = useGroups(menuId);
  const reorder = useReorderGroups(menuId);
  const patch = usePatchGroup(menuId);
  const create = useCreateGroup(menuId);
  const [query, setQuery] = useState('');
  const [showHidden, setShowHidden] = useState(true);
  const [status, setStatus] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<AdminGroup | null>(null);
  const [photosOf, setPhotosOf] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [hiding, setHiding] = useState<AdminGroup | null>(null);
  const [stale, setStale] = useState<{ change: GroupChange; current: AdminGroup } | null>(null);
  const [openGroupId, setOpenGroupId] = useState<number | null>(null);
  const [optimistic, setOptimistic] = useState<number[] | null>(null);

  if (groups.isPending) return <Loading />;
  if (groups.isError)
    return <LoadFailed message={groups.error.message} onRetry={() => void groups.refetch()} />;

  const openGroup = groups.data.find((group) => group.id === openGroupId);
  if (openGroup) return <GroupDishes menuId={menuId} group={openGroup} onBack={() => setOpenGroupId(null)} />;

  const byId = new Map(groups.data.map((group) => [group.id, group]));
  const ordered = optimistic
    ? optimistic.flatMap((id) => byId.get(id) ?? [])
    : [...groups.data].sort((a, b) => a.order - b.order || a.id - b.id);
  const needle = query.trim().toLocaleLowerCase();
  const filtered = ordered.filter(
    (group) =>
      (showHidden || group.isPublished) &&
      (!needle ||
        group.name.ru.toLocaleLowerCase().includes(needle) ||
        (group.name.en ?? '').toLocaleLowerCase().includes(needle)),
  );
  const filtering = filtered.length !== ordered.length;

  const saveOrder = (groupIds: number[]) => {
    setOptimistic(groupIds);
    setStatus(t('saving'));
    reorder.mutate(groupIds, {
      onSuccess: () => setStatus(t('orderSaved')),
      onError: (error) => {
        setStatus(isOrderMismatch(error) ? t('orderChanged') : t('orderFailed', { message: error.message }));
      },
      onSettled: () => setOptimistic(null),
    });
  };

  const change = (next: GroupChange) => {
    setStatus(null);
    patch.mutate(next, {
      onSuccess: () => {
        setStale(null);
        setHiding(null);
        setStatus(t('saved'));
      },
      onError: (error) => {
        setHiding(null);
        const current = staleGroup(error);
        if (current) setStale({ change: next, current });
        else setStatus(error.message);
      },
    });
  };

  return (
    <>
      <div className={styles.toolbar}>
        <input
          type="search"
          className={styles.search}
          placeholder={t('search')}
          aria-label={t('search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={showHidden}
            onChange={(event) => setShowHidden(event.target.checked)}
          />
          {t('showHidden')}
        </label>
        <Button onClick={() => setAdding(true)}>{t('add')}</Button>
      </div>
      <p className={styles.status} role="status" aria-live="polite">
        {status}
      </p>
      {stale && (
        <StaleGroupPanel
          yours={stale.change.patch}
          current={stale.current}
          saving={patch.isPending}
          onTakeCurrent={() => {
            setStale(null);
            void groups.refetch();
          }}
          onSaveMine={() => change({ ...stale.change, group: stale.current, version: stale.current.version })}
        />
      )}
      {ordered.length === 0 ? (
        <p className={styles.state}>{t('empty')}</p>
      ) : (
        <>
          <p className={styles.hint}>{t('reorderHint')}</p>
          <SortableList
            items={filtered}
            nameOf={(group) => pickText(group.name, locale)}
            onReorder={saveOrder}
            disabled={filtering || reorder.isPending}
            label={t('title')}
          >
            {(group, handle) => (
              <div className={styles.rowBody} data-hidden={!group.isPublished || undefined}>
                {handle}
                <GroupThumb group={group} />
                <div className={styles.rowMain}>
                  <span className={styles.rowName}>{group.name.ru}</span>
                  {group.name.en && (
                    <span className={styles.rowSub} lang="en">
                      {group.name.en}
                    </span>
                  )}
                </div>
                <span className={styles.count}>{t('dishCount', { count: group.dishCount })}</span>
                {!group.isPublished && <span className={styles.badge}>{t('hidden')}</span>}
                <div className={styles.rowActions}>
                  <Button variant="text" onClick={() => setOpenGroupId(group.id)}>
                    {t('dishes')}
                  </Button>
                  <Button variant="text" onClick={() => setPhotosOf(group.id)}>
                    {t('photo')}
                  </Button>
                  <Button variant="text" onClick={() => setRenaming(group)}>
                    {t('rename')}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() =>
                      group.isPublished
                        ? setHiding(group)
                        : change({ group, version: group.version, patch: { isPublished: true } })
                    }
                  >
                    {group.isPublished ? t('hide') : t('show')}
                  </Button>
                </div>
              </div>
            )}
          </SortableList>
        </>
      )}
      <ConfirmationPopup
        open={hiding !== null}
        headline={hiding ? t('hideTitle', { name: pickText(hiding.name, locale) }) : undefined}
        supportingText={
          hiding
            ? hiding.dishCount > 0
              ? t('hideText', { count: hiding.dishCount })
              : t('hideEmptyText')
            : undefined
        }
        confirmText={t('hideConfirm')}
        cancelText={t('cancel')}
        confirmLoading={patch.isPending}
        onConfirm={() => {
          if (hiding) change({ group: hiding, version: hiding.version, patch: { isPublished: false } });
        }}
        onCancel={() => setHiding(null)}
      />
      <GroupPhotosDialog
        menuId={menuId}
        group={groups.data.find((group) => group.id === photosOf) ?? null}
        onClose={() => setPhotosOf(null)}
      />
      <GroupNameDialog
        key={renaming ? `rename-${renaming.id}` : 'rename'}
        group={renaming}
        open={renaming !== null}
        onClose={() => setRenaming(null)}
        onSave={async (name, version) => {
          if (!renaming) return;
          await patch.mutateAsync({ group: renaming, version: version ?? renaming.version, patch: { name } });
          setStatus(t('saved'));
        }}
      />
      <GroupNameDialog
        key="add"
        group={null}
        open={adding}
        onClose={() => setAdding(false)}
        onSave={async (name) => {
          await create.mutateAsync(name);
          setStatus(t('saved'));
        }}
      />
    </>
  );
}
