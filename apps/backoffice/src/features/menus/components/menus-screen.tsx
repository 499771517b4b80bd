import { type Locale, MENU_ADD_ONS_MAX, pickText } from '@storefront/domain';
import type { AdminMenu } from '@storefront/domain/contracts';
import { useBrand } from '@storefront/web/src/shared/config.tsx';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  METHOD_FLAGS,
  type MethodFlag,
  useAdminMenus,
  useBrandRestos,
  useCreateMenu,
  usePatchMenu,
  usePatchMenuAddOns,
} from '../model/menus-api.ts';
import { AddOnsDialog } from './add-ons-dialog.tsx';
import { MenuDialog } from './menu-dialog.tsx';
import styles from './menus.module.css';

/**
 * The Menus tab (/admin/menu/menus): the brand's menus in order with their names, the methods that sell them
 * and the restaurants that list them; search and a method filter; add one or change one in a dialog.
 */
export function MenusScreen() {
  const { t, i18n } = useTranslation('menus');
  const locale = i18n.language as Locale;
  const brand = useBrand();
  const menus = useAdminMenus();
  const restos = useBrandRestos(brand.whiteLabel);
  const create = useCreateMenu();
  const patch = usePatchMenu();
  const patchAddOns = usePatchMenuAddOns();
  const [addOnsOf, setAddOnsOf] = useState<AdminMenu | null>(null);
  const [query, setQuery] = useState('');
  const [method, setMethod] = useState<MethodFlag | ''>('');
  const [editing, setEditing] = useState<AdminMenu | 'new' | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const titleId = useId();

  if (menus.isPending)
    return (
      <div className={styles.state} role="status">
        <Spinner label={t('loading')} />
      </div>
    );
  if (menus.isError)
    return (
      <div className={styles.state} role="alert">
        <p>
          {t('failed')}: {menus.error.message}
        </p>
        <Button variant="secondary" onClick={() => void menus.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );

  const restoName = (id: number) => {
    const resto = restos.data?.find((candidate) => candidate.id === id);
    return resto ? pickText(resto.name, locale) : `#${id}`;
  };
  const ordered = [...menus.data].sort((a, b) => a.order - b.order || a.id - b.id);
  const needle = query.trim().toLocaleLowerCase();
  const shown = ordered.filter(
    (menu) =>
      (!method || menu.methods[method]) &&
      (!needle ||
        menu.name.ru.toLocaleLowerCase().includes(needle) ||
        (menu.name.en ?? '').toLocaleLowerCase().includes(needle)),
  );
  const nextOrder = ordered.length === 0 ? 0 : Math.max(...ordered.map((menu) => menu.order)) + 1;
  const dialogMenu = editing === 'new' ? null : editing;

  return (
    <section className={styles.screen} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.visuallyHidden}>
        {t('title')}
      </h2>
      <div className={styles.toolbar}>
        <input
          type="search"
          className={styles.input}
          placeholder={t('search')}
          aria-label={t('search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <select
          className={styles.input}
          aria-label={t('filterMethod')}
          value={method}
          onChange={(event) => setMethod(event.target.value as MethodFlag | '')}
        >
          <option value="">{t('anyMethod')}</option>
          {METHOD_FLAGS.map((flag) => (
            <option key={flag} value={flag}>
              {t(`method_${flag}`)}
            </option>
          ))}
        </select>
        <Button onClick={() => setEditing('new')}>{t('add')}</Button>
      </div>
      <p className={styles.status} role="status" aria-live="polite">
        {status}
      </p>
      {ordered.length === 0 ? (
        <p className={styles.state}>{t('empty')}</p>
      ) : shown.length === 0 ? (
        <p className={styles.state}>{t('nothingFound')}</p>
      ) : (
        <table className={styles.table} aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">{t('order')}</th>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('methods')}</th>
              <th scope="col">{t('restos')}</th>
              <th scope="col">{t('counts')}</th>
              <th scope="col">{t('addOns')}</th>
              <th scope="col">
                <span className={styles.visuallyHidden}>{t('actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((menu) => {
              const methods = METHOD_FLAGS.filter((flag) => menu.methods[flag]);
              return (
                <tr key={menu.id}>
                  <td data-label={t('order')}>{menu.order}</td>
                  <td data-label={t('name')}>
                    <div>
                      <span className={styles.name}>{menu.name.ru}</span>
                      {menu.name.en && (
                        <span className={styles.sub} lang="en">
                          {menu.name.en}
                        </span>
                      )}
                    </div>
                  </td>
                  <td data-label={t('methods')}>
                    {methods.length === 0 ? (
                      <span className={styles.off}>{t('off')}</span>
                    ) : (
                      <span className={styles.chips}>
                        {methods.map((flag) => (
                          <span key={flag} className={styles.chip}>
                            {t(`method_${flag}`)}
                          </span>
                        ))}
                      </span>
                    )}
                  </td>
                  <td data-label={t('restos')}>
                    {menu.restoIds.length === 0 ? (
                      <span className={styles.off}>{t('restosNone')}</span>
                    ) : (
                      menu.restoIds.map(restoName).join(', ')
                    )}
                  </td>
                  <td data-label={t('counts')}>
                    {t('groupsAndDishes', { groups: menu.groupCount, dishes: menu.dishCount })}
                  </td>
                  <td data-label={t('addOns')}>
                    {menu.addOnPositionIds.length === 0 ? (
                      <span className={styles.none}>{t('addOnsNone')}</span>
                    ) : (
                      t('addOnsCount', { count: menu.addOnPositionIds.length, max: MENU_ADD_ONS_MAX })
                    )}
                  </td>
                  <td className={styles.actionCell}>
                    <Button
                      variant="secondary"
                      onClick={() => setAddOnsOf(menu)}
                      aria-label={`${t('addOnsEdit')}: ${pickText(menu.name, locale)}`}
                    >
                      {t('addOnsEdit')}
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => setEditing(menu)}
                      aria-label={`${t('edit')}: ${pickText(menu.name, locale)}`}
                    >
                      {t('edit')}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {addOnsOf !== null && (
        <AddOnsDialog
          key={`${addOnsOf.id}-${addOnsOf.version}`}
          menu={addOnsOf}
          onClose={() => setAddOnsOf(null)}
          onSave={async (addOnPositionIds, version) => {
            await patchAddOns.mutateAsync({ menuId: addOnsOf.id, version, addOnPositionIds });
            setStatus(t('addOnsSaved'));
          }}
        />
      )}
      {editing !== null && (
        <MenuDialog
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          menu={dialogMenu}
          nextOrder={nextOrder}
          restos={restos.data ?? []}
          restosFailed={restos.isError}
          open
          onClose={() => setEditing(null)}
          onSave={async (input, version) => {
            if (dialogMenu) {
              await patch.mutateAsync({
                menuId: dialogMenu.id,
                version: version ?? dialogMenu.version,
                input,
              });
              setStatus(t('saved'));
            } else {
              await create.mutateAsync(input);
              setStatus(t('created'));
            }
          }}
        />
      )}
    </section>
  );
}
