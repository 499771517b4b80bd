import { mayAdmin, pickText } from '@storefront/domain';
import type { AdminCity } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { formIssueText } from '@storefront/web/src/shared/forms/form-rule-messages.ts';
import { type FormCheck, issuesResolver } from '@storefront/web/src/shared/forms/issues-resolver.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useRef, useState } from 'react';
import { type FieldError, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAdminCities } from '../../../entities/cities/cities.ts';
import { type MapBounds, PlaceMap } from '../../../entities/cities/place-map.tsx';
import styles from '../../../entities/menu-parts/menu-part-screen.module.css';
import { StaleDialog } from '../../../entities/menu-parts/stale-dialog.tsx';
import { useStaffSession } from '../../../entities/staff-session/staff-session.ts';
import { Link, useLocation } from '../../../shared/navigation.tsx';
import { useSaveCity } from '../model/cities-api.ts';
import { type CityValues, cityBody, cityFieldOf, cityIssues, cityValues } from '../model/city-form.ts';

const resolver = issuesResolver<CityValues>(cityIssues as unknown as FormCheck<CityValues>);
const OWN_ISSUES = ['lat', 'lng', 'zoom', 'order', 'inverted', 'centerOutside'];

/** A city's form, from the list's data (new: id null). */
export function CityEditor({ id }: { id: number | null }) {
  const { t } = useTranslation('cities');
  const cities = useAdminCities();
  if (id === null) return <CityForm city={null} />;
  if (cities.isPending)
    return (
      <p className={styles.state} role="status">
        <Spinner size={20} /> {t('loading')}
      </p>
    );
  const city = cities.data?.find((one) => one.id === id);
  if (!city)
    return (
      <div className={styles.state} role="alert">
        <p>{t('failed')}</p>
        <Link href="/">{t('back')}</Link>
      </div>
    );
  return <CityForm key={city.id} city={city} />;
}

export function CityForm({ city }: { city: AdminCity | null }) {
  const { t } = useTranslation('cities');
  const locale = useLocale();
  const [, navigate] = useLocation();
  const save = useSaveCity();
  const role = useStaffSession()?.staff.role;
  const mayWrite = !!role && mayAdmin(role, 'cities.write');
  const [current, setCurrent] = useState(city);
  const [stale, setStale] = useState<{ current: AdminCity; mine: CityValues } | null>(null);
  const [status, setStatus] = useState<'saved' | 'invalid' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const view = useRef<{ center: { lat: number; lng: number }; zoom: number; bounds: MapBounds } | null>(null);

  const { register, handleSubmit, control, formState, setError, reset, setValue, getValues } =
    useForm<CityValues>({
      defaultValues: cityValues(city),
      resolver,
      mode: 'onSubmit',
      reValidateMode: 'onSubmit',
    });
  const watched = useWatch({ control });
  const body = cityBody({ ...cityValues(null), ...watched } as CityValues);
  const finite = (n: number) => Number.isFinite(n);
  const center =
    finite(body.center.lat) && finite(body.center.lng)
      ? body.center
      : (city?.center ?? cityBody(cityValues(null)).center);
  const bounds = [
    body.bounds.southWest.lat,
    body.bounds.southWest.lng,
    body.bounds.northEast.lat,
    body.bounds.northEast.lng,
  ].every(finite)
    ? body.bounds
    : null;
  // The map opens where the city was read; later changes move its pin and rectangle, not the view.
  const [opening] = useState(() => ({ center, zoom: Number.isFinite(body.zoom) ? body.zoom : 11 }));

  const errorText = (name: keyof CityValues) => {
    const error = formState.errors[name] as FieldError | undefined;
    if (!error) return undefined;
    if (error.type === 'server') return error.message;
    if (OWN_ISSUES.includes(error.type)) return t(`issue_${error.type}`);
    return formIssueText(error.type, locale, { max: 120 });
  };
  const input = (name: keyof CityValues, required = false) => (
    <Field label={t(name)} required={required} error={errorText(name)}>
      {(c) => <input {...c} {...register(name)} disabled={!mayWrite} />}
    </Field>
  );
  const set = (name: keyof CityValues, value: number) => setValue(name, String(value), { shouldDirty: true });
  const setBounds = (next: MapBounds) => {
    set('southWestLat', next.southWest.lat);
    set('southWestLng', next.southWest.lng);
    set('northEastLat', next.northEast.lat);
    set('northEastLng', next.northEast.lng);
  };

  const send = async (values: CityValues, version: number | null) => {
    setStatus(null);
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ id: current?.id ?? null, version, body: cityBody(values) });
      setStale(null);
      setCurrent(saved);
      reset(cityValues(saved));
      setStatus('saved');
      if (!current) navigate(`/${saved.id}`, { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const now = (error.data as { current?: AdminCity } | null)?.current;
      if (error.status === 412 && now) {
        setStale({ current: now, mine: values });
        return;
      }
      const shown = error.fieldErrors.flatMap((entry) => {
        const field = cityFieldOf(entry.field);
        if (!field) return [];
        setError(field as 'nameRu', { type: 'server', message: entry.message }, { shouldFocus: true });
        return [field];
      });
      if (shown.length === 0) setFailure(error.message);
      else setStatus('invalid');
    }
  };
  const onSubmit = handleSubmit(
    (values) => void send(values, current?.version ?? null),
    () => setStatus('invalid'),
  );

  return (
    <section className={styles.screen} aria-labelledby="city-title">
      <div className={styles.heading}>
        <h2 id="city-title" className={styles.title}>
          {current ? pickText(current.name, locale) : t('newTitle')}
        </h2>
        <Link href="/" className={styles.backLink}>
          {t('back')}
        </Link>
      </div>
      {!mayWrite && <p className={styles.hint}>{t('readOnly')}</p>}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.grid2}>
          {input('nameRu', true)}
          {input('nameEn')}
          {input('order')}
          {input('zoom')}
        </div>
        <PlaceMap
          center={opening.center}
          zoom={opening.zoom}
          pin={center}
          bounds={bounds}
          fit
          label={t('mapLabel')}
          onView={(next) => {
            view.current = next;
          }}
          {...(mayWrite
            ? {
                onPin: (point: { lat: number; lng: number }) => {
                  set('centerLat', point.lat);
                  set('centerLng', point.lng);
                },
                onBounds: setBounds,
              }
            : {})}
        />
        <p className={styles.hint}>{t('mapHint')}</p>
        {mayWrite && (
          <div className={styles.actions}>
            <Button
              variant="secondary"
              onClick={() => {
                if (!view.current) return;
                set('centerLat', view.current.center.lat);
                set('centerLng', view.current.center.lng);
                set('zoom', view.current.zoom);
              }}
            >
              {t('useView')}
            </Button>
            <Button variant="secondary" onClick={() => view.current && setBounds(view.current.bounds)}>
              {t('useViewBounds')}
            </Button>
          </div>
        )}
        <fieldset className={styles.items}>
          <legend className={styles.legend}>{t('centre')}</legend>
          <div className={styles.grid2}>
            {input('centerLat', true)}
            {input('centerLng', true)}
          </div>
        </fieldset>
        <fieldset className={styles.items}>
          <legend className={styles.legend}>{t('bounds')}</legend>
          <div className={styles.grid2}>
            {input('southWestLat', true)}
            {input('southWestLng', true)}
            {input('northEastLat', true)}
            {input('northEastLng', true)}
          </div>
        </fieldset>
        {mayWrite && (
          <div className={styles.actions}>
            <Button type="submit" loading={save.isPending}>
              {current ? t('save') : t('create')}
            </Button>
            <p className={styles.hint}>{t('undoHint')}</p>
            <p role="status" className={status === 'invalid' ? styles.error : styles.ok}>
              {status === 'saved' ? t('saved') : status === 'invalid' ? t('fixErrors') : ''}
            </p>
            {failure && (
              <p role="alert" className={styles.error}>
                {`${t('saveFailed')}: ${failure}`}
              </p>
            )}
          </div>
        )}
      </form>
      {stale && (
        <StaleDialog
          open
          rows={(Object.keys(stale.mine) as (keyof CityValues)[])
            .map((key) => ({ label: t(key), mine: stale.mine[key], now: cityValues(stale.current)[key] }))
            .filter((row) => row.mine !== row.now)}
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
            setCurrent(stale.current);
            reset(cityValues(stale.current));
            setStale(null);
          }}
          onSaveMine={() => void send(getValues(), stale.current.version)}
        />
      )}
    </section>
  );
}
