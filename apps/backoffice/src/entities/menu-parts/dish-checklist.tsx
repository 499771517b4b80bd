import { type Locale, pickText } from '@storefront/domain';
import type { AdminDish, AdminMenu } from '@storefront/domain/contracts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useId, useMemo, useState } from 'react';
import screen from './menu-part-screen.module.css';
import styles from './menu-parts.module.css';
import { useAdminMenus, useAllDishes } from './menu-parts.ts';

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

/** The texts a feature gives the checklist, under these keys of its own namespace. */
export type DishChecklistTextKey =
  | 'dishes'
  | 'dishesSearch'
  | 'menu'
  | 'allMenus'
  | 'dishesChosen'
  | 'nothingFound'
  | 'failed'
  | 'retry'
  | 'loading';

/**
 * The brand's dishes as a checklist, read with its menus (menu-parts.ts): loading, failed with a retry, or the list.
 * `text` is the feature's own translate function: each feature words the keys above in its texts.
 */
export function BrandDishChecklist({
  value,
  onChange,
  locale,
  text,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  locale: Locale;
  text: (key: DishChecklistTextKey, options?: { count: number }) => string;
}) {
  const menus = useAdminMenus();
  const dishes = useAllDishes();
  if (dishes.isError || menus.isError)
    return (
      <div className={screen.state} role="alert">
        <p>{text('failed')}</p>
        <Button
          variant="secondary"
          onClick={() => {
            void dishes.refetch();
            void menus.refetch();
          }}
        >
          {text('retry')}
        </Button>
      </div>
    );
  if (dishes.isPending || menus.isPending)
    return (
      <p className={screen.state} role="status">
        <Spinner size={20} /> {text('loading')}
      </p>
    );
  return (
    <DishChecklist
      dishes={dishes.data}
      menus={menus.data}
      value={value}
      onChange={onChange}
      locale={locale}
      labels={{
        legend: text('dishes'),
        search: text('dishesSearch'),
        menu: text('menu'),
        allMenus: text('allMenus'),
        chosen: text('dishesChosen', { count: value.length }),
        nothingFound: text('nothingFound'),
      }}
    />
  );
}
