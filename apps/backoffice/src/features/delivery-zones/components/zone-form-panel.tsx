import { type LatLng, pickText } from '@storefront/domain';
import type { AdminZone } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { formIssueText } from '@storefront/web/src/shared/forms/form-rule-messages.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ConfirmationPopup } from '@storefront/web/src/shared/ui/confirmation-popup.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { useRef, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { StaleDialog, type StaleRow } from '../../../entities/menu-parts/stale-dialog.tsx';
import { RestoPicker } from '../../../entities/restos/resto-picker.tsx';
import { formFieldOf, type ZoneValues, zoneBody, zoneIssues, zoneValues } from '../model/zone-form.ts';
import { type SavedZone, useDeleteZone, useSaveZone } from '../model/zones-api.ts';
import styles from './delivery-zones.module.css';

type FormValues = Omit<ZoneValues, 'polygon'>;

export interface ZoneFormPanelProps {
  /** The zone open, or null for a new one. */
  zone: AdminZone | null;
  /** The border as the map has it now (drawn or moved). */
  polygon: LatLng[];
  /** A new zone's restaurant to start with. */
  restoId: number | null;
  color: string;
  onColorChange: (color: string) => void;
  onSaved: (zone: SavedZone) => void;
  onDeleted: () => void;
  onClose: () => void;
}

/**
 * The side panel's form of a zone: restaurant, names, bands (rubles typed, kopecks sent), priority, colour, on or off;
 * the border comes from the map. Checked by the domain's rules before sending; the API's field errors land on their
 * fields, a 412 opens the stale dialog, a delete asks first.
 */
export function ZoneFormPanel(props: ZoneFormPanelProps) {
  const { zone, polygon } = props;
  const { t } = useTranslation('deliveryZones');
  const locale = useLocale();
  const save = useSaveZone();
  const remove = useDeleteZone();
  const [version, setVersion] = useState(zone?.version ?? null);
  const [status, setStatus] = useState<'saved' | 'invalid' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [stale, setStale] = useState<{ current: AdminZone; mine: ZoneValues } | null>(null);
  const [asking, setAsking] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const { polygon: _polygon, ...defaults } = zoneValues(zone, props.restoId);
  const form = useForm<FormValues>({ defaultValues: { ...defaults, color: props.color } });
  const { register, control, handleSubmit, setError, clearErrors, formState, reset } = form;
  const bands = useFieldArray({ control, name: 'bands' });

  const message = (code: string | undefined): string | undefined => {
    if (!code) return undefined;
    if (code.startsWith('server:')) return code.slice('server:'.length);
    const own = t(code, { defaultValue: '' });
    if (own) return own;
    return formIssueText(code, locale, { max: 120 });
  };
  const errorAt = (path: string): string | undefined => {
    let at: unknown = formState.errors;
    for (const part of path.split('.')) at = (at as Record<string, unknown> | undefined)?.[part];
    return message((at as { message?: string } | undefined)?.message);
  };

  const send = async (values: ZoneValues, over: number | null) => {
    setStatus(null);
    setFailure(null);
    setWarnings([]);
    try {
      const saved = await save.mutateAsync({ id: zone?.id ?? null, version: over, body: zoneBody(values) });
      setStale(null);
      setVersion(saved.version);
      reset({ ...zoneValues(saved), color: saved.color ?? values.color });
      setWarnings(saved.warnings.map((w) => w.message));
      setStatus('saved');
      props.onSaved(saved);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const current = (error.data as { current?: AdminZone } | null)?.current;
      if (error.status === 412 && current) {
        setStale({ current, mine: values });
        return;
      }
      const shown = error.fieldErrors.flatMap((entry) => {
        const field = formFieldOf(entry.field);
        if (!field) return [];
        setError(
          field as 'nameRu',
          { type: 'server', message: `server:${entry.message}` },
          { shouldFocus: true },
        );
        return [field];
      });
      if (shown.length === 0) setFailure(error.message);
      else setStatus('invalid');
    }
  };

  const onSubmit = handleSubmit((formValues) => {
    clearErrors();
    const values = { ...formValues, polygon };
    const issues = zoneIssues(values);
    const paths = Object.keys(issues);
    if (paths.length > 0) {
      for (const path of paths) setError(path as 'nameRu', { type: 'rule', message: issues[path] });
      setStatus('invalid');
      return;
    }
    return send(values, version);
  });

  const name = zone ? pickText(zone.name, locale) : '';
  return (
    <section className={styles.panel} aria-labelledby="zone-form-title">
      <div className={styles.panelHeading}>
        <h2 id="zone-form-title" className={styles.panelTitle}>
          {zone ? t('editTitle', { name }) : t('newTitle')}
        </h2>
        <Button variant="text" onClick={props.onClose}>
          {t('close')}
        </Button>
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <p className={styles.hint}>{zone || polygon.length > 0 ? t('editHint') : t('drawHint')}</p>
        <p
          className={errorAt('polygon') ? styles.error : styles.hint}
          role={errorAt('polygon') ? 'alert' : undefined}
        >
          {t('polygon')}: {errorAt('polygon') ?? t('points', { count: polygon.length })}
        </p>
        <Controller
          control={control}
          name="restoId"
          render={({ field }) => (
            <div>
              <RestoPicker value={field.value} onChange={field.onChange} label={t('resto')} />
              {errorAt('restoId') && (
                <p className={styles.error} role="alert">
                  {errorAt('restoId')}
                </p>
              )}
            </div>
          )}
        />
        <Field label={t('nameRu')} required error={errorAt('nameRu')}>
          {(c) => <input {...c} {...register('nameRu')} />}
        </Field>
        <Field label={t('nameEn')} error={errorAt('nameEn')}>
          {(c) => <input {...c} {...register('nameEn')} />}
        </Field>

        <fieldset className={styles.bands}>
          <legend className={styles.legend}>{t('bands')}</legend>
          <p className={styles.hint}>{t('bandsHint')}</p>
          {errorAt('bands') && (
            <p className={styles.error} role="alert">
              {errorAt('bands')}
            </p>
          )}
          <ol className={styles.bandRows}>
            {bands.fields.map((row, index) => (
              <li key={row.id} className={styles.bandRow}>
                <Field label={t('from')} error={errorAt(`bands.${index}.from`)}>
                  {(c) => <input {...c} inputMode="decimal" {...register(`bands.${index}.from`)} />}
                </Field>
                <Field label={t('to')} error={errorAt(`bands.${index}.to`)}>
                  {(c) => (
                    <input
                      {...c}
                      inputMode="decimal"
                      placeholder={t('toOpen')}
                      {...register(`bands.${index}.to`)}
                    />
                  )}
                </Field>
                <Field label={t('price')} error={errorAt(`bands.${index}.price`)}>
                  {(c) => <input {...c} inputMode="decimal" {...register(`bands.${index}.price`)} />}
                </Field>
                <Field label={t('minutes')} error={errorAt(`bands.${index}.minutes`)}>
                  {(c) => <input {...c} inputMode="numeric" {...register(`bands.${index}.minutes`)} />}
                </Field>
                <Button
                  variant="text"
                  disabled={bands.fields.length === 1}
                  onClick={() => bands.remove(index)}
                  aria-label={t('removeBand', { n: index + 1 })}
                >
                  ×
                </Button>
              </li>
            ))}
          </ol>
          <Button
            variant="secondary"
            onClick={() => {
              const last = form.getValues(`bands.${bands.fields.length - 1}`);
              bands.append({
                from: last?.to ?? '',
                to: '',
                price: last?.price ?? '0',
                minutes: last?.minutes ?? '60',
              });
            }}
          >
            {t('addBand')}
          </Button>
        </fieldset>

        <div className={styles.row}>
          <Field label={t('priority')} hint={t('priorityHint')} error={errorAt('priority')}>
            {(c) => <input {...c} inputMode="numeric" {...register('priority')} />}
          </Field>
          <Field label={t('color')} error={errorAt('color')}>
            {(c) => (
              <input
                {...c}
                type="color"
                {...register('color', { onChange: (event) => props.onColorChange(event.target.value) })}
              />
            )}
          </Field>
        </div>
        <label className={styles.check}>
          <input type="checkbox" {...register('isActive')} />
          <span>{t('active')}</span>
        </label>

        <div className={styles.actions}>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
          {zone && (
            <Button
              ref={deleteButton}
              variant="text"
              onClick={() => setAsking(true)}
              aria-label={t('deleteNamed', { name })}
            >
              {t('delete')}
            </Button>
          )}
        </div>
        <p className={styles.hint}>{t('undoHint')}</p>
        <p role="status" className={status === 'invalid' ? styles.error : styles.ok}>
          {status === 'saved' ? t('saved') : status === 'invalid' ? t('fixErrors') : ''}
        </p>
        {warnings.map((text) => (
          <p key={text} className={styles.warning} role="alert">
            {t('warning', { text })}
          </p>
        ))}
        {failure && (
          <p role="alert" className={styles.error}>
            {failure}
          </p>
        )}
      </form>
      {zone && (
        <ConfirmationPopup
          open={asking}
          headline={t('deleteTitle', { name })}
          supportingText={t('deleteText')}
          confirmText={t('delete')}
          confirmLoading={remove.isPending}
          onCancel={() => {
            setAsking(false);
            queueMicrotask(() => deleteButton.current?.focus());
          }}
          onConfirm={() =>
            remove.mutate(
              { id: zone.id, version: version ?? zone.version },
              {
                onSuccess: () => {
                  setAsking(false);
                  props.onDeleted();
                },
                onError: (error) => {
                  setAsking(false);
                  setFailure(
                    error instanceof ApiError && error.status === 412
                      ? t('deleteStale')
                      : `${t('deleteFailed')}: ${error.message}`,
                  );
                },
              },
            )
          }
        />
      )}
      {stale && (
        <StaleDialog
          open
          rows={staleRows(stale.mine, zoneValues(stale.current), t)}
          saving={save.isPending}
          labels={{
            title: t('staleTitle'),
            intro: t('staleIntro'),
            field: t('staleField'),
            mine: t('staleMine'),
            now: t('staleNow'),
            takeCurrent: t('takeCurrent'),
            saveMine: t('saveMine'),
          }}
          onTakeCurrent={() => {
            setVersion(stale.current.version);
            reset(zoneValues(stale.current));
            setStale(null);
            props.onSaved({ ...stale.current, warnings: [] });
          }}
          onSaveMine={() => void send(stale.mine, stale.current.version)}
        />
      )}
    </section>
  );
}

function staleRows(mine: ZoneValues, now: ZoneValues, t: (key: string) => string): StaleRow[] {
  const bandsText = (values: ZoneValues) =>
    values.bands.map((b) => `${b.from}–${b.to || '∞'}: ${b.price} ₽, ${b.minutes}`).join('; ');
  const rows: StaleRow[] = [
    { label: t('nameRu'), mine: mine.nameRu, now: now.nameRu },
    { label: t('bands'), mine: bandsText(mine), now: bandsText(now) },
    { label: t('priority'), mine: mine.priority, now: now.priority },
    { label: t('color'), mine: mine.color, now: now.color },
    { label: t('polygon'), mine: String(mine.polygon.length), now: String(now.polygon.length) },
  ];
  return rows.filter((row) => row.mine !== row.now);
}
