import { pickText } from '@storefront/domain';
import type { AdminModifierGroup } from '@storefront/domain/contracts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { createColumnHelper, flexRender, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../entities/menu-parts/list-state.tsx';
import styles from '../../../entities/menu-parts/menu-part-screen.module.css';
import { useAdminMenus } from '../../../entities/menu-parts/menu-parts.ts';
import { Link } from '../../../shared/navigation.tsx';
import { useModifierGroups } from '../model/modifier-groups-api.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, AdminModifierGroup>();

/** The brand's modifier groups: a name search, a menu filter (the API's), a row each with a link to its form. */
export function ModifierGroupList() {
  const { t } = useTranslation('modifierGroups');
  const locale = useLocale();
  const [menuId, setMenuId] = useState('');
  const [search, setSearch] = useState('');
  const menus = useAdminMenus();
  const groups = useModifierGroups(menuId);

  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    const all = groups.data ?? [];
    if (!needle) return all;
    return all.filter((group) =>
      [group.name.ru, group.name.en ?? '', group.nameUi.ru, group.nameUi.en ?? ''].some((text) =>
        text.toLocaleLowerCase().includes(needle),
      ),
    );
  }, [groups.data, search]);

  const columns = useMemo(
    () => [
      column.display({
        id: 'name',
        header: t('colName'),
        cell: ({ row }) => (
          <Link href={`/${row.original.id}`} className={styles.nameLink}>
            {pickText(row.original.name, locale)}
          </Link>
        ),
      }),
      column.display({
        id: 'counts',
        header: t('colCounts'),
        cell: ({ row }) => t('counts', { min: row.original.minCount, max: row.original.maxCount }),
      }),
      column.display({
        id: 'items',
        header: t('colItems'),
        cell: ({ row }) =>
          t('itemsSummary', {
            count: row.original.items.length,
            names: row.original.items.map((item) => pickText(item.name, locale)).join(', '),
          }),
      }),
      column.display({
        id: 'dishes',
        header: t('colDishes'),
        cell: ({ row }) => row.original.positionIds.length,
      }),
    ],
    [t, locale],
  );

  const table = useTable({
    features,
    columns,
    data: shown,
    getRowId: (group) => String(group.id),
  });
  const rows = table.getRowModel().rows;

  return (
    <section className={styles.screen} aria-labelledby="modifier-groups-title">
      <div className={styles.heading}>
        <h2 id="modifier-groups-title" className={styles.title}>
          {t('title')}
        </h2>
        <Link href="/new" className={styles.primaryLink}>
          {t('add')}
        </Link>
      </div>
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
        <Field label={t('menu')}>
          {(control) => (
            <select {...control} value={menuId} onChange={(event) => setMenuId(event.target.value)}>
              <option value="">{t('allMenus')}</option>
              {(menus.data ?? []).map((menu) => (
                <option key={menu.id} value={String(menu.id)}>
                  {pickText(menu.name, locale)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <ListState query={groups} shown={rows.length} t={t}>
        <table className={styles.table}>
          <thead>
            {table.getHeaderGroups().map((headerGroup) => (
              <tr key={headerGroup.id}>
                {headerGroup.headers.map((header) => (
                  <th key={header.id} scope="col">
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} data-label={String(cell.column.columnDef.header ?? '')}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ListState>
    </section>
  );
}
