import type { AdminTimeSlot } from '@storefront/domain/contracts';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { createColumnHelper, flexRender, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../entities/menu-parts/list-state.tsx';
import screen from '../../../entities/menu-parts/menu-part-screen.module.css';
import { Link } from '../../../shared/navigation.tsx';
import { WEEK } from '../model/time-slot-form.ts';
import { useTimeSlots } from '../model/time-slots-api.ts';
import { DeleteSlotButton } from './delete-slot.tsx';
import own from './time-slots.module.css';

/** The menu parts' shared list and form, and this screen's own rules. */
const styles = { ...screen, ...own };

const features = tableFeatures({});
const column = createColumnHelper<typeof features, AdminTimeSlot>();

/** 'Пн, Вт 11:00–16:00 · Сб 12:00–18:00': the slot's active days grouped by their hours, in week order. */
export function slotHoursText(slot: AdminTimeSlot, dayName: (day: number) => string, none: string): string {
  const byHours = new Map<string, number[]>();
  for (const detail of [...slot.details].sort((a, b) => a.dayOfWeek - b.dayOfWeek)) {
    if (!detail.isActive) continue;
    const hours = `${detail.startAt}–${detail.endAt}`;
    byHours.set(hours, [...(byHours.get(hours) ?? []), detail.dayOfWeek]);
  }
  if (byHours.size === 0) return none;
  return [...byHours].map(([hours, days]) => `${dayRuns(days, dayName)} ${hours}`).join(' · ');
}

/** Days in week order, three or more in a row as a range: [1,2,3,4,5,7] → 'Пн–Пт, Вс'. */
function dayRuns(days: number[], dayName: (day: number) => string): string {
  const runs: number[][] = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && last.at(-1) === day - 1) last.push(day);
    else runs.push([day]);
  }
  return runs
    .flatMap((run) =>
      run.length >= 3 ? [`${dayName(run[0] as number)}–${dayName(run.at(-1) as number)}`] : run.map(dayName),
    )
    .join(', ');
}

/** The brand's selling slots: a name search, a day filter, a row each with its days and hours, dishes, delete. */
export function TimeSlotList() {
  const { t } = useTranslation('timeSlots');
  const slots = useTimeSlots();
  const [search, setSearch] = useState('');
  const [day, setDay] = useState('');
  const [notice, setNotice] = useState<{ kind: 'deleted' } | { kind: 'failed'; text: string } | null>(null);

  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return (slots.data ?? []).filter(
      (slot) =>
        (!needle || slot.name.toLocaleLowerCase().includes(needle)) &&
        (!day || slot.details.some((detail) => detail.isActive && String(detail.dayOfWeek) === day)),
    );
  }, [slots.data, search, day]);

  const columns = useMemo(
    () => [
      column.display({
        id: 'name',
        header: t('colName'),
        cell: ({ row }) => (
          <Link href={`/${row.original.id}`} className={styles.nameLink}>
            {row.original.name}
          </Link>
        ),
      }),
      column.display({
        id: 'hours',
        header: t('colHours'),
        cell: ({ row }) => slotHoursText(row.original, (d) => t(`day_${d}`), t('noDays')),
      }),
      column.display({
        id: 'dishes',
        header: t('colDishes'),
        cell: ({ row }) => row.original.positionIds.length,
      }),
      column.display({
        id: 'actions',
        header: t('colActions'),
        cell: ({ row }) => <DeleteSlotButton slot={row.original} onDone={setNotice} />,
      }),
    ],
    [t],
  );
  const table = useTable({ features, columns, data: shown, getRowId: (slot) => String(slot.id) });
  const rows = table.getRowModel().rows;

  return (
    <section className={styles.screen} aria-labelledby="time-slots-title">
      <div className={styles.heading}>
        <h2 id="time-slots-title" className={styles.title}>
          {t('title')}
        </h2>
        <Link href="/new" className={styles.primaryLink}>
          {t('add')}
        </Link>
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
        <Field label={t('day')}>
          {(control) => (
            <select {...control} value={day} onChange={(event) => setDay(event.target.value)}>
              <option value="">{t('anyDay')}</option>
              {WEEK.map((d) => (
                <option key={d} value={String(d)}>
                  {t(`dayLong_${d}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <p role="status" className={notice?.kind === 'failed' ? styles.error : styles.ok}>
        {notice?.kind === 'deleted' ? t('deleted') : notice?.kind === 'failed' ? notice.text : ''}
      </p>
      <ListState query={slots} shown={rows.length} t={t}>
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
