import { type Locale, pickText } from '@storefront/domain';
import type { AdminMenu, RestoListItem } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { issuesResolver } from '@storefront/web/src/shared/forms/issues-resolver.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ResponsiveDialog } from '@storefront/web/src/shared/ui/dialog.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  checkMenu,
  formFieldOf,
  inputOf,
  METHOD_FLAGS,
  type MenuInput,
  type MenuValues,
  NAME_MAX,
  ORDER_MAX,
  staleMenu,
  valuesOf,
} from '../model/menus-api.ts';
import styles from './menus.module.css';

/**
 * A menu's form: a new one (no `menu`) or a change under If-Match. Field errors of the API show on their fields
 * (restoIds: on the restaurants); a 412 shows the person's values beside the menu now, to take the current one
 * or save theirs over it.
 */
export function MenuDialog({
  menu,
  nextOrder,
  restos,
  restosFailed,
  open,
  onClose,
  onSave,
}: {
  menu: AdminMenu | null;
  nextOrder: number;
  restos: RestoListItem[];
  restosFailed: boolean;
  open: boolean;
  onClose: () => void;
  onSave: (input: MenuInput, version: number | null) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation('menus');
  const locale = i18n.language as Locale;
  const formId = useId();
  const [stale, setStale] = useState<AdminMenu | null>(null);
  const [version, setVersion] = useState<number | null>(menu?.version ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<MenuValues>({
    resolver: issuesResolver(checkMenu),
    defaultValues: valuesOf(menu, nextOrder),
  });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    setStale(null);
    setFailure(null);
    onClose();
  };
  const save = async (values: MenuValues, over: number | null) => {
    setFailure(null);
    try {
      await onSave(inputOf(values), over);
      close();
    } catch (error) {
      const current = staleMenu(error);
      if (current) return setStale(current);
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        for (const { field, message } of error.fieldErrors) {
          const name = formFieldOf(field);
          if (name) form.setError(name, { type: 'server', message });
          else setFailure(message);
        }
        return;
      }
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };
  const wording = (field: 'nameRu' | 'nameEn' | 'order' | 'restoIds' | 'methods') => {
    const error = errors[field] as { type?: string; message?: string } | undefined;
    if (!error) return undefined;
    if (error.type === 'required' || error.type === 'tooLong') return t(error.type, { max: NAME_MAX });
    if (error.type === 'notOrder') return t('notOrder', { max: ORDER_MAX });
    return error.message;
  };
  const restoName = (id: number) => {
    const resto = restos.find((candidate) => candidate.id === id);
    return resto ? pickText(resto.name, locale) : `#${id}`;
  };
  const methodsText = (methods: Record<string, boolean>) =>
    METHOD_FLAGS.filter((flag) => methods[flag])
      .map((flag) => t(`method_${flag}`))
      .join(', ') || t('off');
  const restosError = wording('restoIds');
  const methodsError = wording('methods');
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={menu ? t('editTitle', { name: pickText(menu.name, locale) }) : t('addTitle')}
      footer={
        <div className={styles.actions}>
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} loading={isSubmitting}>
            {t('save')}
          </Button>
        </div>
      }
    >
      <form
        id={formId}
        className={styles.form}
        noValidate
        onSubmit={form.handleSubmit((values) => save(values, version))}
      >
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
                {(() => {
                  const mine = inputOf(form.getValues());
                  const rows = [
                    [t('nameRu'), mine.name.ru, stale.name.ru],
                    [t('nameEn'), mine.name.en ?? '—', stale.name.en ?? '—'],
                    [t('order'), String(mine.order), String(stale.order)],
                    [t('methods'), methodsText(mine.methods), methodsText(stale.methods)],
                    [
                      t('restos'),
                      mine.restoIds.map(restoName).join(', ') || t('restosNone'),
                      stale.restoIds.map(restoName).join(', ') || t('restosNone'),
                    ],
                  ];
                  return rows.map(([field, yours, now]) => (
                    <tr key={field} data-changed={yours !== now || undefined}>
                      <th scope="row">{field}</th>
                      <td>{yours}</td>
                      <td>{now}</td>
                    </tr>
                  ));
                })()}
              </tbody>
            </table>
            <div className={styles.actions}>
              <Button
                variant="secondary"
                disabled={isSubmitting}
                onClick={() => {
                  form.reset(valuesOf(stale, nextOrder));
                  setVersion(stale.version);
                  setStale(null);
                }}
              >
                {t('takeCurrent')}
              </Button>
              <Button
                loading={isSubmitting}
                onClick={() => {
                  const over = stale.version;
                  setVersion(over);
                  setStale(null);
                  void form.handleSubmit((values) => save(values, over))();
                }}
              >
                {t('saveMine')}
              </Button>
            </div>
          </section>
        )}
        <div className={styles.pair}>
          <Field label={t('nameRu')} required error={wording('nameRu')}>
            {(control) => <input {...control} {...form.register('nameRu')} autoComplete="off" />}
          </Field>
          <Field label={t('nameEn')} error={wording('nameEn')}>
            {(control) => <input {...control} {...form.register('nameEn')} lang="en" autoComplete="off" />}
          </Field>
        </div>
        <Field label={t('order')} hint={t('orderHint')} error={wording('order')}>
          {(control) => (
            <input {...control} {...form.register('order')} inputMode="numeric" autoComplete="off" />
          )}
        </Field>
        <fieldset
          className={styles.fieldset}
          aria-describedby={methodsError ? `${formId}-methods` : undefined}
        >
          <legend>{t('methods')}</legend>
          <div className={styles.checks}>
            {METHOD_FLAGS.map((flag) => (
              <label key={flag} className={styles.check}>
                <input type="checkbox" {...form.register(`methods.${flag}`)} />
                {t(`method_${flag}`)}
              </label>
            ))}
          </div>
          {methodsError && (
            <p id={`${formId}-methods`} className={styles.error} role="alert">
              {methodsError}
            </p>
          )}
        </fieldset>
        <fieldset
          className={styles.fieldset}
          aria-invalid={!!restosError}
          aria-describedby={restosError ? `${formId}-restos` : undefined}
        >
          <legend>{t('restos')}</legend>
          {restosFailed && <p className={styles.error}>{t('restosFailed')}</p>}
          <div className={styles.checks}>
            {restos.map((resto) => (
              <label key={resto.id} className={styles.check}>
                <input type="checkbox" value={String(resto.id)} {...form.register('restoIds')} />
                {pickText(resto.name, locale)}
              </label>
            ))}
          </div>
          {restosError && (
            <p id={`${formId}-restos`} className={styles.error} role="alert">
              {restosError}
            </p>
          )}
        </fieldset>
        {failure && (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        )}
      </form>
    </ResponsiveDialog>
  );
}
