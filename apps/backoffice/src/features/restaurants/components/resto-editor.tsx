import {
  ERROR_MESSAGES,
  type ErrorCode,
  mayAdmin,
  ONLINE_PAY_METHODS,
  PAY_ENGINES,
  pickText,
} from '@storefront/domain';
import type { AdminResto } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { useBrand } from '@storefront/web/src/shared/config.tsx';
import { formIssueText } from '@storefront/web/src/shared/forms/form-rule-messages.ts';
import { type FormCheck, issuesResolver } from '@storefront/web/src/shared/forms/issues-resolver.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ConfirmationPopup } from '@storefront/web/src/shared/ui/confirmation-popup.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldError, type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAdminCities } from '../../../entities/cities/cities.ts';
import { PlaceMap } from '../../../entities/cities/place-map.tsx';
import screen from '../../../entities/menu-parts/menu-part-screen.module.css';
import { useAdminMenus } from '../../../entities/menu-parts/menu-parts.ts';
import { StaleDialog, type StaleRow } from '../../../entities/menu-parts/stale-dialog.tsx';
import { PhotoList } from '../../../entities/photos/photo-list.tsx';
import { adminRestosKeys } from '../../../entities/restos/restos.ts';
import { useStaffSession } from '../../../entities/staff-session/staff-session.ts';
import { WeekDays } from '../../../entities/week-hours/week-days.tsx';
import { Link, useLocation } from '../../../shared/navigation.tsx';
import {
  AUTO_DELAY_MINUTES,
  type RestoValues,
  restoFieldOf,
  restoFields,
  restoIssues,
  restoPatch,
  restoValues,
} from '../model/resto-form.ts';
import { useResto, useSaveResto } from '../model/restos-api.ts';
import own from './restaurants.module.css';

const styles = { ...screen, ...own };
const resolver = issuesResolver<RestoValues>(restoIssues as unknown as FormCheck<RestoValues>);

/** A restaurant's form, new (id null, owners) or read first (its version goes back as If-Match). */
export function RestoEditor({ id }: { id: number | null }) {
  const { t } = useTranslation('restaurants');
  const resto = useResto(id !== null && id > 0 ? id : null);
  // The city select needs its options before the form sets its value.
  const cities = useAdminCities();
  if (cities.isPending || (resto.isPending && id !== null && id > 0))
    return (
      <p className={styles.state} role="status">
        <Spinner size={20} /> {t('loading')}
      </p>
    );
  if (id === null) return <RestoForm resto={null} />;
  if (resto.isPending && id > 0)
    return (
      <p className={styles.state} role="status">
        <Spinner size={20} /> {t('loading')}
      </p>
    );
  if (resto.isError || id <= 0 || !resto.data)
    return (
      <div className={styles.state} role="alert">
        <p>
          {t('failed')}
          {resto.error ? `: ${resto.error.message}` : ''}
        </p>
        <Link href="/">{t('back')}</Link>
      </div>
    );
  return <RestoForm key={resto.data.id} resto={resto.data} />;
}

function errorOf(errors: FieldErrors<RestoValues>, path: string): FieldError | undefined {
  const flat = (errors as Record<string, FieldError | undefined>)[path];
  if (flat?.type) return flat;
  let at: unknown = errors;
  for (const part of path.split('.')) at = (at as Record<string, unknown> | undefined)?.[part];
  return at && typeof at === 'object' && 'type' in at ? (at as FieldError) : undefined;
}

const OWN_ISSUES = [
  'capacity',
  'reviewYandexMaps',
  'reviewTwoGis',
  'threshold',
  'phone',
  'email',
  'link',
  'tooMany',
  'money',
  'lat',
  'lng',
  'timezone',
  'whole',
  'shopName',
  'city',
  'orderCode',
  'time',
  'onlineMethods',
];

export function RestoForm({ resto }: { resto: AdminResto | null }) {
  const { t } = useTranslation('restaurants');
  const locale = useLocale();
  const [, navigate] = useLocation();
  const save = useSaveResto();
  const queryClient = useQueryClient();
  const { whiteLabel } = useBrand();
  const cities = useAdminCities();
  const menus = useAdminMenus();
  const role = useStaffSession()?.staff.role;
  const mayWrite = !!role && mayAdmin(role, resto ? 'restos.write' : 'cities.write');
  const [current, setCurrent] = useState(resto);
  const [stale, setStale] = useState<{ current: AdminResto; mine: RestoValues } | null>(null);
  const [confirming, setConfirming] = useState<RestoValues | null>(null);
  const [status, setStatus] = useState<'saved' | 'invalid' | 'unchanged' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const form = useForm<RestoValues>({
    defaultValues: restoValues(resto),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { register, handleSubmit, control, formState, setError, reset, setValue } = form;
  const [lat, lng, cityId, cardDelivery, cardTakeAway, preDelivery, preTakeAway, deliveryWeek, takeAwayWeek] =
    useWatch({
      control,
      name: [
        'lat',
        'lng',
        'cityId',
        'payDelivery.cardOnline',
        'payTakeAway.cardOnline',
        'preDelivery.on',
        'preTakeAway.on',
        'preDelivery',
        'preTakeAway',
      ],
    });
  const city = (cities.data ?? []).find((one) => String(one.id) === cityId) ?? cities.data?.[0];
  const pin =
    lat.trim() && lng.trim() && Number.isFinite(Number(lat)) && Number.isFinite(Number(lng))
      ? { lat: Number(lat), lng: Number(lng) }
      : null;

  const words = (error: FieldError | undefined): string | undefined => {
    if (!error) return undefined;
    if (error.type === 'server') return error.message;
    if (OWN_ISSUES.includes(error.type)) return t(`issue_${error.type}`);
    // The hours' rules (a break outside the day), worded as the API words them.
    if (error.type in ERROR_MESSAGES) return pickText(ERROR_MESSAGES[error.type as ErrorCode], locale);
    return formIssueText(error.type, locale, { max: error.type === 'maxLength' ? 200 : undefined });
  };
  const errorText = (path: string) => words(errorOf(formState.errors, path));

  const send = async (values: RestoValues, version: number | null) => {
    setStatus(null);
    setFailure(null);
    const body = current ? restoPatch(values, current) : restoFields(values);
    if (current && Object.keys(body).length === 0) {
      setStatus('unchanged');
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: current?.id ?? null, version, body });
      setStale(null);
      setCurrent(saved);
      reset(restoValues(saved));
      setStatus('saved');
      if (!current) navigate(`/${saved.id}`, { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const now = (error.data as { current?: AdminResto } | null)?.current;
      if (error.status === 412 && now) {
        setStale({ current: now, mine: values });
        return;
      }
      const shown = error.fieldErrors.flatMap((entry) => {
        const field = restoFieldOf(entry.field);
        if (!field) return [];
        setError(field as 'nameRu', { type: 'server', message: entry.message }, { shouldFocus: true });
        return [field];
      });
      if (shown.length === 0) setFailure(error.message);
      else setStatus('invalid');
    }
  };

  const onSubmit = handleSubmit(
    (values) => {
      // Hiding a restaurant takes it off the storefront: asked first.
      if (current?.isPublished && !values.isPublished) setConfirming(values);
      else void send(values, current?.version ?? null);
    },
    () => setStatus('invalid'),
  );

  const text = (
    name: keyof RestoValues & string,
    label: string,
    options: { hint?: string; required?: boolean } = {},
  ) => (
    <Field label={label} hint={options.hint} required={options.required ?? false} error={errorText(name)}>
      {(c) => <input {...c} {...register(name)} disabled={!mayWrite} />}
    </Field>
  );
  const area = (name: keyof RestoValues & string, label: string, hint?: string) => (
    <Field label={label} hint={hint} error={errorText(name)}>
      {(c) => <textarea {...c} rows={3} {...register(name)} disabled={!mayWrite} />}
    </Field>
  );
  const check = (name: Parameters<typeof register>[0], label: string) => (
    <label className={styles.check}>
      <input type="checkbox" {...register(name)} disabled={!mayWrite} />
      <span>{label}</span>
    </label>
  );

  const payment = (method: 'payDelivery' | 'payTakeAway', title: string, card: boolean) => (
    <fieldset className={styles.items}>
      <legend className={styles.legend}>{t('payFor', { method: title })}</legend>
      {check(`${method}.cardOnline`, t('cardOnline'))}
      {card && (
        <Field label={t('shopName')} required error={errorText(`${method}.shopName`)}>
          {(c) => <input {...c} {...register(`${method}.shopName`)} disabled={!mayWrite} />}
        </Field>
      )}
      {check(`${method}.cardUponReceipt`, t('cardUponReceipt'))}
      {check(`${method}.cashUponReceipt`, t('cashUponReceipt'))}
    </fieldset>
  );
  const preOrder = (
    method: 'preDelivery' | 'preTakeAway',
    title: string,
    on: boolean,
    week: RestoValues['preDelivery'] | undefined,
  ) => (
    <fieldset className={styles.items}>
      <legend className={styles.legend}>{t('preOrderFor', { method: title })}</legend>
      {check(`${method}.on`, t('preOrderOn'))}
      {on && (
        <div className={styles.grid2}>
          <Field label={t('minTimeMinutes')} error={errorText(`${method}.minTimeMinutes`)}>
            {(c) => (
              <input
                {...c}
                inputMode="numeric"
                {...register(`${method}.minTimeMinutes`)}
                disabled={!mayWrite}
              />
            )}
          </Field>
          <Field label={t('dayInAdvance')} error={errorText(`${method}.dayInAdvance`)}>
            {(c) => (
              <input
                {...c}
                inputMode="numeric"
                {...register(`${method}.dayInAdvance`)}
                disabled={!mayWrite}
              />
            )}
          </Field>
        </div>
      )}
      {on && (
        <fieldset className={styles.items}>
          <legend className={styles.legend}>{t('preOrderHours')}</legend>
          <div className={styles.choices}>
            {(['same', 'own'] as const).map((choice) => (
              <label key={choice} className={styles.check}>
                <input type="radio" value={choice} {...register(`${method}.hours`)} disabled={!mayWrite} />
                <span>{t(`preOrderHours_${choice}`)}</span>
              </label>
            ))}
          </div>
          {week?.hours === 'own' && (
            <WeekDays
              path={`${method}.days`}
              days={week.days}
              register={(name) => register(name as 'nameRu')}
              errorOf={errorText}
              disabled={!mayWrite}
            />
          )}
        </fieldset>
      )}
    </fieldset>
  );

  const title = current ? t('editTitle', { name: pickText(current.name, locale) }) : t('newTitle');
  return (
    <section className={styles.screen} aria-labelledby="resto-title">
      <div className={styles.heading}>
        <h2 id="resto-title" className={styles.title}>
          {title}
        </h2>
        <Link href="/" className={styles.backLink}>
          {t('back')}
        </Link>
      </div>
      {!mayWrite && <p className={styles.hint}>{t('readOnly')}</p>}
      {current && current.warnings.length > 0 && (
        <div className={styles.warning} role="status">
          <strong>{t('warnings')}</strong>
          {current.warnings.map((warning) => (
            <p key={warning.code}>{warning.message}</p>
          ))}
        </div>
      )}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <fieldset className={styles.items}>
          <legend className={styles.legend}>{t('sectionMain')}</legend>
          <div className={styles.grid2}>
            {text('nameRu', t('nameRu'), { required: true })}
            {text('nameEn', t('nameEn'))}
            {text('addressRu', t('addressRu'), { required: true })}
            {text('addressEn', t('addressEn'))}
            {text('streetRu', t('streetRu'), { hint: t('streetHint') })}
            {text('streetEn', t('streetEn'))}
          </div>
          <Field label={t('city')} required error={errorText('cityId')}>
            {(c) => (
              <select {...c} {...register('cityId')} disabled={!mayWrite}>
                <option value="">{t('chooseCity')}</option>
                {(cities.data ?? []).map((one) => (
                  <option key={one.id} value={String(one.id)}>
                    {pickText(one.name, locale)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className={styles.grid2}>
            {text('lat', t('lat'), { required: true })}
            {text('lng', t('lng'), { required: true })}
          </div>
          {city && (
            <PlaceMap
              center={pin ?? city.center}
              zoom={pin ? Math.max(city.zoom, 14) : city.zoom}
              pin={pin}
              bounds={city.bounds}
              label={t('mapLabel')}
              {...(mayWrite
                ? {
                    onPin: (point: { lat: number; lng: number }) => {
                      setValue('lat', String(point.lat), { shouldDirty: true });
                      setValue('lng', String(point.lng), { shouldDirty: true });
                    },
                  }
                : {})}
            />
          )}
          <p className={styles.hint}>{t('mapHint')}</p>
          <div className={styles.grid2}>
            {text('timezone', t('timezone'), { hint: t('timezoneHint') })}
            {text('averageCheck', t('averageCheck'))}
            {text('orderCode', t('orderCode'), { hint: t('orderCodeHint') })}
          </div>
          {area('descriptionRu', t('descriptionRu'))}
          {area('descriptionEn', t('descriptionEn'))}
          {check('isPublished', t('isPublished'))}
        </fieldset>

        <fieldset className={styles.items}>
          <legend className={styles.legend}>{t('sectionContacts')}</legend>
          {area('phones', t('phones'), t('phonesHint'))}
          {area('emails', t('emails'), t('emailsHint'))}
          {area('links', t('links'), t('linksHint'))}
        </fieldset>

        {current && mayWrite && (
          <PhotoList
            owner="resto"
            id={current.id}
            onChanged={(_before, after) => {
              // A photo change moves the restaurant's version: the form saves over the new one.
              setCurrent((was) =>
                was
                  ? { ...was, version: after.version, photos: after.photos.map((photo) => photo.src) }
                  : was,
              );
              void queryClient.invalidateQueries({ queryKey: adminRestosKeys.list(whiteLabel) });
            }}
          />
        )}

        <fieldset className={styles.items}>
          <legend className={styles.legend}>{t('sectionMethods')}</legend>
          {check('isDelivery', t('isDelivery'))}
          {check('isTakeAway', t('isTakeAway'))}
          <div className={styles.grid2}>
            {payment('payDelivery', t('delivery'), cardDelivery)}
            {payment('payTakeAway', t('takeAway'), cardTakeAway)}
          </div>
          {(cardDelivery || cardTakeAway) && (
            <fieldset className={styles.items} aria-describedby="resto-online-methods-hint">
              <legend className={styles.legend}>{t('onlineMethods')}</legend>
              <p id="resto-online-methods-hint" className={styles.hint}>
                {t('onlineMethodsHint')}
              </p>
              <div className={styles.choices}>
                {ONLINE_PAY_METHODS.map((method) => (
                  <label key={method} className={styles.check}>
                    <input
                      type="checkbox"
                      value={method}
                      {...register('onlineMethods')}
                      disabled={!mayWrite}
                    />
                    <span>{t(`onlineMethod_${method}`)}</span>
                  </label>
                ))}
              </div>
              {errorText('onlineMethods') && (
                <p className={styles.error} role="alert">
                  {errorText('onlineMethods')}
                </p>
              )}
            </fieldset>
          )}
          <div className={styles.grid2}>
            <Field label={t('payEngine')}>
              {(c) => (
                <select {...c} {...register('payEngine')} disabled={!mayWrite}>
                  {PAY_ENGINES.map((engine) => (
                    <option key={engine} value={engine}>
                      {t(`engine_${engine}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {text('takeAwayMinutes', t('takeAwayMinutes'))}
            {text('takeAwayMaxOrderSum', t('takeAwayMaxOrderSum'), { hint: t('takeAwayMaxHint') })}
          </div>
        </fieldset>

        <fieldset className={styles.items}>
          <legend className={styles.legend}>{t('sectionCapacity')}</legend>
          <p className={styles.hint}>{t('capacityHint')}</p>
          <div className={styles.grid2}>
            {text('capacityDelivery', t('capacityDelivery'), { hint: t('capacityEmpty') })}
            {text('capacityTakeAway', t('capacityTakeAway'), { hint: t('capacityEmpty') })}
          </div>
          <fieldset className={styles.items}>
            <legend className={styles.legend}>{t('autoDelay')}</legend>
            <p className={styles.hint}>{t('autoDelayHint')}</p>
            <div className={styles.grid2}>
              {text('autoDelayThreshold', t('autoDelayThreshold'), { hint: t('autoDelayOff') })}
              <Field label={t('autoDelayMinutes')} error={errorText('autoDelayMinutes')}>
                {(c) => (
                  <select {...c} {...register('autoDelayMinutes')} disabled={!mayWrite}>
                    {AUTO_DELAY_MINUTES.map((minutes) => (
                      <option key={minutes} value={minutes}>
                        {t('plusMinutes', { minutes })}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
          </fieldset>
        </fieldset>

        <fieldset className={styles.items}>
          <legend className={styles.legend}>{t('sectionReviews')}</legend>
          <p className={styles.hint}>{t('reviewsHint')}</p>
          <div className={styles.grid2}>
            {text('reviewYandexMaps', t('reviewYandexMaps'), { hint: t('reviewYandexMapsHint') })}
            {text('reviewTwoGis', t('reviewTwoGis'), { hint: t('reviewTwoGisHint') })}
          </div>
        </fieldset>

        <fieldset className={styles.items}>
          <legend className={styles.legend}>{t('sectionPreOrder')}</legend>
          {preOrder('preDelivery', t('delivery'), preDelivery, deliveryWeek)}
          {preOrder('preTakeAway', t('takeAway'), preTakeAway, takeAwayWeek)}
          <p className={styles.hint}>{t('preOrderHint')}</p>
        </fieldset>

        <fieldset className={styles.items}>
          <legend className={styles.legend}>{t('sectionMenus')}</legend>
          {(menus.data ?? []).length === 0 && <p className={styles.hint}>{t('noMenus')}</p>}
          {(menus.data ?? []).map((menu) => (
            <label key={menu.id} className={styles.check}>
              <input type="checkbox" value={String(menu.id)} {...register('menuIds')} disabled={!mayWrite} />
              <span>{pickText(menu.name, locale)}</span>
            </label>
          ))}
          {errorText('menuIds') && (
            <p className={styles.error} role="alert">
              {errorText('menuIds')}
            </p>
          )}
        </fieldset>

        {mayWrite && (
          <div className={styles.actions}>
            <Button type="submit" loading={save.isPending}>
              {current ? t('save') : t('create')}
            </Button>
            <p className={styles.hint}>{t('undoHint')}</p>
            <p role="status" className={status === 'invalid' ? styles.error : styles.ok}>
              {status === 'saved'
                ? t('saved')
                : status === 'invalid'
                  ? t('fixErrors')
                  : status === 'unchanged'
                    ? t('nothingChanged')
                    : ''}
            </p>
            {failure && (
              <p role="alert" className={styles.error}>
                {`${t('saveFailed')}: ${failure}`}
              </p>
            )}
          </div>
        )}
      </form>
      <ConfirmationPopup
        open={confirming !== null}
        headline={t('unpublishTitle', { name: current ? pickText(current.name, locale) : '' })}
        supportingText={t('unpublishText')}
        confirmText={t('unpublish')}
        confirmLoading={save.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const values = confirming;
          setConfirming(null);
          if (values) void send(values, current?.version ?? null);
        }}
      />
      {stale && current && (
        <StaleDialog
          open
          rows={staleRows(stale.mine, stale.current, current, t)}
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
            reset(restoValues(stale.current));
            setStale(null);
          }}
          onSaveMine={() => {
            // Over the version saved now, with the fields this person changed from what they read.
            const mine = restoPatch(stale.mine, current);
            setCurrent(stale.current);
            void save
              .mutateAsync({ id: stale.current.id, version: stale.current.version, body: mine })
              .then((saved) => {
                setStale(null);
                setCurrent(saved);
                reset(restoValues(saved));
                setStatus('saved');
              })
              .catch((error: unknown) => {
                setStale(null);
                setFailure(error instanceof Error ? error.message : String(error));
              });
          }}
        />
      )}
    </section>
  );
}

/** The form's label of an API field (the Russian one for texts kept in two languages). */
const LABELS: Record<string, string> = {
  name: 'nameRu',
  address: 'addressRu',
  street: 'streetRu',
  description: 'descriptionRu',
  location: 'mapHint',
  cityId: 'city',
  payDelivery: 'delivery',
  payTakeAway: 'takeAway',
  onlineMethods: 'onlineMethods',
  preOrder: 'sectionPreOrder',
  menuIds: 'menus',
  slotCapacity: 'sectionCapacity',
  autoDelay: 'autoDelay',
  reviewLinks: 'sectionReviews',
};

/** The fields that differ between what this person would save and what is saved now. */
function staleRows(
  mine: RestoValues,
  now: AdminResto,
  read: AdminResto,
  t: (key: string, options?: Record<string, unknown>) => string,
): StaleRow[] {
  const changed = restoPatch(mine, read);
  const theirs = restoFields(restoValues(now)) as Record<string, unknown>;
  const limit = (value: number | null) => (value === null ? '—' : String(value));
  const show = (key: string, value: unknown) => {
    if (key === 'slotCapacity') {
      const capacity = value as { DELIVERY: number | null; TAKE_AWAY: number | null };
      return `${t('delivery')} ${limit(capacity.DELIVERY)} · ${t('takeAway')} ${limit(capacity.TAKE_AWAY)}`;
    }
    if (key === 'autoDelay') {
      const delay = value as { threshold: number | null; minutes: number };
      return delay.threshold === null
        ? t('autoDelayOffShort')
        : `> ${delay.threshold} → ${t('plusMinutes', { minutes: delay.minutes })}`;
    }
    if (key === 'reviewLinks') {
      const links = value as { yandexMaps: string | null; twoGis: string | null };
      return `${links.yandexMaps ?? '—'} · ${links.twoGis ?? '—'}`;
    }
    return typeof value === 'object' && value !== null && 'ru' in value
      ? String((value as { ru: string }).ru)
      : JSON.stringify(value);
  };
  return Object.entries(changed)
    .filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(theirs[key]))
    .map(([key, value]) => ({
      label: t(LABELS[key] ?? key),
      mine: show(key, value),
      now: show(key, theirs[key]),
    }));
}
