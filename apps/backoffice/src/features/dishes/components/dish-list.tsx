import { type Locale, type Minor, pickText } from '@storefront/domain';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { useMediaQuery } from '@storefront/web/src/shared/ui/breakpoints.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useQueries, useQuery } from '@tanstack/react-query';
import {
  createColumnHelper,
  createPaginatedRowModel,
  createSortedRowModel,
  type PaginationState,
  type RowSelectionState,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../../shared/navigation.tsx';
import { formatPrice, formatWeight } from '../model/dish-format.ts';
import {
  type AdminDish,
  type AdminGroup,
  dishListQuery,
  groupsQuery,
  menusQuery,
  publicPositionsQuery,
} from '../model/dishes-api.ts';
import { BulkPriceDialog } from './bulk-price-dialog.tsx';
import { DishThumb } from './dish-thumb.tsx';
import styles from './dishes.module.css';

const features = tableFeatures({
  rowSortingFeature,
  rowSelectionFeature,
  rowPaginationFeature,
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, basic: sortFn_basic },
});

const PAGE_SIZE = 50;
type Shown = '' | 'published' | 'hidden';
/** A row: the dish with what the list shows of it, worded for sorting. */
interface Row {
  dish: AdminDish;
  name: string;
  group: string;
  photo: string | undefined;
}

const column = createColumnHelper<typeof features, Row>();

/** The list's state in the URL's search params, so the editor's "Back" returns to the same list. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const menu = params.get('menu');
  const group = params.get('group');
  const sort = params.get('sort');
  const shown = params.get('shown');
  const state = {
    q: params.get('q') ?? '',
    menuId: menu && /^\d+$/.test(menu) ? Number(menu) : null,
    group: group ?? '',
    shown: (shown === 'published' || shown === 'hidden' ? shown : '') as Shown,
    sorting: (sort ? [{ id: sort.replace(/^-/, ''), desc: sort.startsWith('-') }] : []) as SortingState,
  };
  const set = (change: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  return { ...state, search: params.toString(), set };
}

/** The brand's dishes: search, filters, sortable columns, a selection for a bulk price change; cards on a phone. */
export function DishList() {
  const { t } = useTranslation('dishes');
  const locale = useLocale();
  const phone = useMediaQuery('(max-width: 599px)');
  const list = useListParams();
  const menus = useQuery(menusQuery());
  const dishes = useQuery(dishListQuery(list.menuId));
  const menuIds = useMemo(
    () => (list.menuId !== null ? [list.menuId] : (menus.data ?? []).map((menu) => menu.id)),
    [list.menuId, menus.data],
  );
  const groups = useQueries({
    queries: menuIds.map((id) => groupsQuery(id)),
    combine: (results) => results.flatMap((result) => result.data ?? []),
  });
  const photos = useQueries({
    queries: menuIds.map((id) => publicPositionsQuery(id)),
    combine: (results) => {
      const map = new Map<number, string | null>();
      for (const result of results)
        for (const position of result.data ?? []) map.set(position.id, position.photos[0] ?? null);
      return map;
    },
  });

  const rows = useMemo(
    () => rowsOf(dishes.data ?? [], groups, photos, locale),
    [dishes.data, groups, photos, locale],
  );
  const filtered = useMemo(() => {
    const q = list.q.trim().toLowerCase();
    return rows.filter(
      ({ dish }) =>
        (!q || dish.name.ru.toLowerCase().includes(q) || (dish.name.en ?? '').toLowerCase().includes(q)) &&
        (list.group === '' || String(dish.groupId ?? 'none') === list.group) &&
        (list.shown === '' || dish.isPublished === (list.shown === 'published')),
    );
  }, [rows, list.q, list.group, list.shown]);

  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: PAGE_SIZE });
  const [bulkOpen, setBulkOpen] = useState(false);
  const [status, setStatus] = useState('');

  const columns = useMemo(
    () =>
      column.columns([
        column.display({ id: 'select', header: () => null, cell: () => null }),
        column.accessor('photo', { id: 'photo', header: () => t('colPhoto'), enableSorting: false }),
        column.accessor('name', { id: 'name', header: () => t('colName'), sortFn: 'text' }),
        column.accessor('group', { id: 'group', header: () => t('colGroup'), sortFn: 'text' }),
        column.accessor((row) => row.dish.price, {
          id: 'price',
          header: () => t('colPrice'),
          sortFn: 'basic',
        }),
        column.accessor((row) => weightInGrams(row.dish), {
          id: 'weight',
          header: () => t('colWeight'),
          sortFn: 'basic',
          sortUndefined: 'last',
        }),
        column.accessor((row) => (row.dish.isAdult ? 1 : 0), {
          id: 'adult',
          header: () => t('colAdult'),
          sortFn: 'basic',
        }),
        column.accessor((row) => (row.dish.isPublished ? 1 : 0), {
          id: 'published',
          header: () => t('colPublished'),
          sortFn: 'basic',
        }),
      ]),
    [t],
  );

  const table = useTable({
    features,
    columns,
    data: filtered,
    getRowId: (row) => String(row.dish.id),
    state: { sorting: list.sorting, rowSelection, pagination },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(list.sorting) : updater;
      const first = next[0];
      list.set({ sort: first ? `${first.desc ? '-' : ''}${first.id}` : null });
    },
    onRowSelectionChange: setRowSelection,
    onPaginationChange: setPagination,
    autoResetPageIndex: true,
  });

  const selected = rows.filter((row) => rowSelection[String(row.dish.id)]).map((row) => row.dish);
  const pageRows = table.getRowModel().rows;
  const pageCount = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const editHref = (dish: AdminDish) => `/${dish.id}${list.search ? `?${list.search}` : ''}`;
  const filter = (change: Record<string, string | null>) => {
    setPagination((page) => ({ ...page, pageIndex: 0 }));
    list.set(change);
  };

  const sortHeader = (id: string, label: string) => {
    const col = table.getColumn(id);
    const sorted = col?.getIsSorted() ?? false;
    return (
      <th
        key={id}
        scope="col"
        aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
        className={id === 'price' || id === 'weight' ? styles.numeric : undefined}
      >
        <button
          type="button"
          className={styles.sortButton}
          onClick={col?.getToggleSortingHandler()}
          aria-label={t('sortBy', { column: label })}
        >
          {label}
          <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
        </button>
      </th>
    );
  };

  const checkbox = (dish: AdminDish, checked: boolean, onChange: (event: unknown) => void) => (
    <label className={styles.check}>
      <input
        type="checkbox"
        checked={checked}
        onChange={onChange}
        aria-label={t('selectDish', { name: dish.name.ru })}
      />
    </label>
  );

  return (
    <section className={styles.screen} aria-labelledby="dishes-title">
      <div className={styles.header}>
        <h1 id="dishes-title" className={styles.title}>
          {t('title')}
        </h1>
        {dishes.data && <span className={styles.muted}>{t('count', { count: filtered.length })}</span>}
      </div>

      <search className={styles.filters}>
        <Field label={t('search')}>
          {(control) => (
            <input
              {...control}
              type="search"
              value={list.q}
              onChange={(event) => filter({ q: event.target.value })}
            />
          )}
        </Field>
        <Field label={t('menu')}>
          {(control) => (
            <select
              {...control}
              value={list.menuId ?? ''}
              onChange={(event) => filter({ menu: event.target.value || null, group: null })}
            >
              <option value="">{t('allMenus')}</option>
              {(menus.data ?? []).map((menu) => (
                <option key={menu.id} value={menu.id}>
                  {pickText(menu.name, locale)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('group')}>
          {(control) => (
            <select
              {...control}
              value={list.group}
              onChange={(event) => filter({ group: event.target.value || null })}
            >
              <option value="">{t('allGroups')}</option>
              <option value="none">{t('noGroup')}</option>
              {groups.map((group) => (
                <option key={group.id} value={group.id}>
                  {groupLabel(group, menuIds.length > 1 ? menus.data : undefined, locale)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('visibility')}>
          {(control) => (
            <select
              {...control}
              value={list.shown}
              onChange={(event) => filter({ shown: event.target.value || null })}
            >
              <option value="">{t('visibilityAll')}</option>
              <option value="published">{t('visibilityPublished')}</option>
              <option value="hidden">{t('visibilityHidden')}</option>
            </select>
          )}
        </Field>
      </search>

      {selected.length > 0 && (
        <div className={styles.selectionBar}>
          <span>{t('selected', { count: selected.length })}</span>
          <Button onClick={() => setBulkOpen(true)}>{t('bulkPrice')}</Button>
          <Button variant="text" onClick={() => setRowSelection({})}>
            {t('clearSelection')}
          </Button>
        </div>
      )}
      <p role="status" className={styles.status}>
        {status}
      </p>

      {dishes.isPending ? (
        <div className={styles.state}>
          <Spinner label={t('loading')} />
        </div>
      ) : dishes.isError ? (
        <div className={styles.state} role="alert">
          <p className={styles.alert}>
            {t('failed')}: {dishes.error.message}
          </p>
          <Button variant="secondary" onClick={() => void dishes.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : filtered.length === 0 ? (
        <p className={styles.state}>{rows.length === 0 ? t('empty') : t('emptyFiltered')}</p>
      ) : phone ? (
        <ul className={styles.cards} aria-label={t('title')}>
          {pageRows.map((row) => {
            const dish = row.original.dish;
            return (
              <li key={row.id} className={styles.card}>
                {checkbox(dish, row.getIsSelected(), row.getToggleSelectedHandler())}
                <DishThumb dish={dish} src={row.original.photo} />
                <div className={styles.cardBody}>
                  <Link href={editHref(dish)} className={styles.nameLink}>
                    {row.original.name}
                  </Link>
                  <div className={styles.cardMeta}>
                    <span>{formatPrice(dish.price as Minor, locale)}</span>
                    {dish.measure && <span>{formatWeight(dish.measure, t)}</span>}
                    {row.original.group && <span>{row.original.group}</span>}
                    {dish.isAdult && <span>18+</span>}
                    {!dish.isPublished && <span className={styles.badgeHidden}>{t('hidden')}</span>}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col" className={styles.checkCell}>
                  <label className={styles.check}>
                    <input
                      type="checkbox"
                      checked={table.getIsAllPageRowsSelected()}
                      ref={(input) => {
                        if (input)
                          input.indeterminate =
                            !table.getIsAllPageRowsSelected() && table.getIsSomePageRowsSelected();
                      }}
                      onChange={table.getToggleAllPageRowsSelectedHandler()}
                      aria-label={t('selectAll')}
                    />
                  </label>
                </th>
                <th scope="col">{t('colPhoto')}</th>
                {sortHeader('name', t('colName'))}
                {sortHeader('group', t('colGroup'))}
                {sortHeader('price', t('colPrice'))}
                {sortHeader('weight', t('colWeight'))}
                {sortHeader('adult', t('colAdult'))}
                {sortHeader('published', t('colPublished'))}
              </tr>
            </thead>
            <tbody>
              {pageRows.map((row) => {
                const dish = row.original.dish;
                return (
                  <tr key={row.id} aria-selected={row.getIsSelected()}>
                    <td className={styles.checkCell}>
                      {checkbox(dish, row.getIsSelected(), row.getToggleSelectedHandler())}
                    </td>
                    <td>
                      <DishThumb dish={dish} src={row.original.photo} />
                    </td>
                    <td>
                      <Link
                        href={editHref(dish)}
                        className={styles.nameLink}
                        aria-label={t('edit', { name: row.original.name })}
                      >
                        {row.original.name}
                      </Link>
                    </td>
                    <td>{row.original.group || <span className={styles.muted}>{t('noGroup')}</span>}</td>
                    <td className={styles.numeric}>{formatPrice(dish.price as Minor, locale)}</td>
                    <td className={styles.numeric}>{dish.measure ? formatWeight(dish.measure, t) : '—'}</td>
                    <td>{dish.isAdult ? '18+' : '—'}</td>
                    <td>
                      {dish.isPublished ? (
                        t('published')
                      ) : (
                        <span className={styles.badgeHidden}>{t('hidden')}</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {pageCount > 1 && (
        <nav
          className={styles.pager}
          aria-label={t('page', { page: pagination.pageIndex + 1, pages: pageCount })}
        >
          <Button
            variant="secondary"
            disabled={!table.getCanPreviousPage()}
            onClick={() => table.previousPage()}
          >
            {t('previous')}
          </Button>
          <span>{t('page', { page: pagination.pageIndex + 1, pages: pageCount })}</span>
          <Button variant="secondary" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
            {t('next')}
          </Button>
        </nav>
      )}

      <BulkPriceDialog
        open={bulkOpen}
        dishes={selected}
        onClose={() => setBulkOpen(false)}
        onDone={(count) => {
          setBulkOpen(false);
          setRowSelection({});
          setStatus(t('bulkDone', { count }));
        }}
      />
    </section>
  );
}

function rowsOf(
  dishes: readonly AdminDish[],
  groups: readonly AdminGroup[],
  photos: ReadonlyMap<number, string | null>,
  locale: Locale,
): Row[] {
  const groupNames = new Map(groups.map((group) => [group.id, pickText(group.name, locale)]));
  return dishes.map((dish) => ({
    dish,
    name: pickText(dish.name, locale),
    group: dish.groupId === null ? '' : (groupNames.get(dish.groupId) ?? ''),
    photo: photos.has(dish.id) ? (photos.get(dish.id) ?? '') : undefined,
  }));
}

function groupLabel(
  group: AdminGroup,
  menus: readonly { id: number; name: { ru: string; en?: string } }[] | undefined,
  locale: Locale,
) {
  const menu = menus?.find((m) => m.id === group.menuId);
  const name = pickText(group.name, locale);
  return menu ? `${pickText(menu.name, locale)} · ${name}` : name;
}

/** Weights compare within a unit: grams and millilitres as they are, pieces and centimetres after them. */
function weightInGrams(dish: AdminDish): number | undefined {
  if (!dish.measure) return undefined;
  const offset = dish.measure.unit === 'g' || dish.measure.unit === 'ml' ? 0 : 1_000_000;
  return offset + dish.measure.value;
}
