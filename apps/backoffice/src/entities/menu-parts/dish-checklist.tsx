import { type Locale, pickText } from '@storefront/domain';
import type { AdminDish, AdminMenu } from '@storefront/domain/contracts';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { useId, useMemo, useState } from 'react';
import styles from './menu-parts.module.css';

export interface DishChecklistLabels {
  legend: string;
  search: string;
  menu: string;
  allMenus: string;
  /** '{{count}} chosen' already worded. */
  chosen: string;
  nothingFound: string;
}

/**
 * A searchable checklist of the brand's dishes (a menu filter, a name search), for what a modifier group or a selling
 * slot is attached to. Dishes chosen but filtered out stay chosen.
 */
export function DishChecklist({
  dishes,
  menus,
  value,
  onChange,
  labels,
  locale,
  initialMenuId = '',
}: {
  dishes: AdminDish[];
  menus: AdminMenu[];
  value: number[];
  onChange: (ids: number[]) => void;
  labels: DishChecklistLabels;
  locale: Locale;
  initialMenuId?: string;
}) {
  const [query, setQuery] = useState('');
  const [menuId, setMenuId] = useState(initialMenuId);
  const chosen = useMemo(() => new Set(value), [value]);
  // Those chosen when the form opened come first; a tick later does not move a row under the pointer.
  const [chosenFirst] = useState(() => new Set(value));
  const listId = useId();
  const shown = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    const matching = dishes.filter(
      (dish) =>
        (!menuId || String(dish.menuId) === menuId) &&
        (!needle ||
          dish.name.ru.toLocaleLowerCase().includes(needle) ||
          (dish.name.en ?? '').toLocaleLowerCase().includes(needle)),
    );
    return [
      ...matching.filter((dish) => chosenFirst.has(dish.id)),
      ...matching.filter((dish) => !chosenFirst.has(dish.id)),
    ];
  }, [dishes, query, menuId, chosenFirst]);
  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange([...next].sort((a, b) => a - b));
  };
  return (
    <fieldset className={styles.checklist}>
      <legend className={styles.legend}>
        {labels.legend} <span className={styles.muted}>· {labels.chosen}</span>
      </legend>
      <div className={styles.checklistFilters}>
        <Field label={labels.search}>
          {(control) => (
            <input
              {...control}
              type="search"
              value={query}
              aria-controls={listId}
              onChange={(event) => setQuery(event.target.value)}
            />
          )}
        </Field>
        {menus.length > 1 && (
          <Field label={labels.menu}>
            {(control) => (
              <select {...control} value={menuId} onChange={(event) => setMenuId(event.target.value)}>
                <option value="">{labels.allMenus}</option>
                {menus.map((menu) => (
                  <option key={menu.id} value={String(menu.id)}>
                    {pickText(menu.name, locale)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </div>
      <ul id={listId} className={styles.checklistItems}>
        {shown.map((dish) => (
          <li key={dish.id}>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={chosen.has(dish.id)}
                onChange={(event) => toggle(dish.id, event.target.checked)}
              />
              <span>{pickText(dish.name, locale)}</span>
            </label>
          </li>
        ))}
        {shown.length === 0 && <li className={styles.muted}>{labels.nothingFound}</li>}
      </ul>
    </fieldset>
  );
}
