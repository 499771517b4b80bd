import { type Locale, pickText } from '@storefront/domain';
import type { AdminDish } from '@storefront/domain/contracts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { useId, useMemo, useState } from 'react';
import styles from './dish-order-picker.module.css';

export interface DishOrderPickerLabels {
  legend: string;
  search: string;
  /** '{{count}} of {{max}}' already worded. */
  chosen: string;
  add: string;
  up: string;
  down: string;
  remove: string;
  nothingFound: string;
  none: string;
  full: string;
}

/**
 * An ordered list of the brand's dishes (a menu's add-ons, a gift's choices, the free condiments): the chosen ones in
 * their order, each moved up or down or removed; below, a name search over the rest to add from, at most `max`.
 * `extra` draws something of a chosen row's own beside its name (a condiment's count per person).
 */
export function DishOrderPicker({
  dishes,
  value,
  onChange,
  max,
  labels,
  locale,
  extra,
  invalid,
  describedBy,
}: {
  dishes: AdminDish[];
  value: number[];
  onChange: (ids: number[]) => void;
  max: number;
  labels: DishOrderPickerLabels;
  locale: Locale;
  extra?: (id: number) => React.ReactNode;
  invalid?: boolean;
  describedBy?: string;
}) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const byId = useMemo(() => new Map(dishes.map((dish) => [dish.id, dish])), [dishes]);
  const name = (id: number) => {
    const dish = byId.get(id);
    return dish ? pickText(dish.name, locale) : `#${id}`;
  };
  const found = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    if (!needle) return [];
    const chosen = new Set(value);
    return dishes
      .filter(
        (dish) =>
          !chosen.has(dish.id) &&
          (dish.name.ru.toLocaleLowerCase().includes(needle) ||
            (dish.name.en ?? '').toLocaleLowerCase().includes(needle)),
      )
      .slice(0, 20);
  }, [dishes, query, value]);
  const move = (index: number, by: number) => {
    const next = [...value];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved as number);
    onChange(next);
  };
  const full = value.length >= max;
  return (
    <fieldset className={styles.picker} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
      <legend className={styles.legend}>
        {labels.legend} <span className={styles.muted}>· {labels.chosen}</span>
      </legend>
      {value.length === 0 ? (
        <p className={styles.muted}>{labels.none}</p>
      ) : (
        <ol className={styles.chosen} aria-label={labels.legend}>
          {value.map((id, index) => (
            <li key={id} className={styles.row}>
              <span className={styles.place}>{index + 1}</span>
              <span className={styles.name}>{name(id)}</span>
              {extra?.(id)}
              <span className={styles.rowActions}>
                <Button
                  variant="secondary"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={`${labels.up}: ${name(id)}`}
                >
                  ↑
                </Button>
                <Button
                  variant="secondary"
                  disabled={index === value.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`${labels.down}: ${name(id)}`}
                >
                  ↓
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => onChange(value.filter((other) => other !== id))}
                  aria-label={`${labels.remove}: ${name(id)}`}
                >
                  ✕
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <label className={styles.searchLabel} htmlFor={searchId}>
        {labels.search}
      </label>
      <input
        id={searchId}
        type="search"
        className={styles.search}
        value={query}
        disabled={full}
        placeholder={full ? labels.full : undefined}
        onChange={(event) => setQuery(event.target.value)}
      />
      {query.trim() && !full && (
        <ul className={styles.found}>
          {found.map((dish) => (
            <li key={dish.id}>
              <button
                type="button"
                className={styles.foundButton}
                aria-label={`${labels.add}: ${pickText(dish.name, locale)}`}
                onClick={() => {
                  onChange([...value, dish.id]);
                  setQuery('');
                }}
              >
                <span>+ {pickText(dish.name, locale)}</span>
              </button>
            </li>
          ))}
          {found.length === 0 && <li className={styles.muted}>{labels.nothingFound}</li>}
        </ul>
      )}
    </fieldset>
  );
}
