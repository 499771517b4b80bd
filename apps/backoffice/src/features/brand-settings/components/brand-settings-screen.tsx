import { FREE_CONDIMENT_PER_PERSON_MAX, FREE_CONDIMENTS_MAX, mayAdmin, pickText } from '@storefront/domain';
import type { AdminBrandSettings } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useState } from 'react';
import { type FieldPath, get, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAdminCities } from '../../../entities/cities/cities.ts';
import { DishOrderPicker } from '../../../entities/menu-parts/dish-order-picker.tsx';
import screen from '../../../entities/menu-parts/menu-part-screen.module.css';
import { useAllDishes } from '../../../entities/menu-parts/menu-parts.ts';
import { StaleDialog } from '../../../entities/menu-parts/stale-dialog.tsx';
import { useStaffSession } from '../../../entities/staff-session/staff-session.ts';
import {
  useBrandSettings,
  useSaveBrandSettings,
  useUploadBrandPicture,
} from '../model/brand-settings-api.ts';
import {
  AUTH_METHODS,
  type BrandSettingsValues,
  brandSettingsBody,
  brandSettingsValues,
  CLIENT_IDS,
  COLOUR,
  FEATURE_SWITCHES,
  type FreeCondimentValue,
  isHttpsOrEmpty,
  isMediaPath,
  LINKS,
} from '../model/brand-settings-form.ts';
import styles from './brand-settings.module.css';
import { ColourPreview } from './colour-preview.tsx';

/** /admin/brand/settings: the brand's public settings in sections, with a live preview of the colour. */
export function BrandSettingsScreen() {
  const { t } = useTranslation('brandSettings');
  const role = useStaffSession()?.staff.role;
  const settings = useBrandSettings();
  if (!role || !mayAdmin(role, 'brand.manage'))
    return (
      <p className={screen.state} role="alert">
        {t('ownersOnly')}
      </p>
    );
  if (settings.isPending)
    return (
      <p className={screen.state} role="status">
        <Spinner size={20} /> {t('loading')}
      </p>
    );
  if (settings.isError)
    return (
      <div className={screen.state} role="alert">
        <p>
          {t('failed')}: {settings.error.message}
        </p>
        <Button variant="secondary" onClick={() => void settings.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  return <BrandSettingsForm initial={settings.data} />;
}

/** How many of a condiment each person may get free: 1 to 5. */
const PER_PERSON = Array.from({ length: FREE_CONDIMENT_PER_PERSON_MAX }, (_, index) => index + 1);

/** Each section of the PATCH body with the label the stale dialog shows it under. */
const SECTIONS = {
  name: 'sectionIdentity',
  logo: 'logo',
  favicon: 'favicon',
  theme: 'sectionTheme',
  links: 'sectionLinks',
  features: 'sectionFeatures',
  defaults: 'sectionDefaults',
  clients: 'sectionClients',
  freeCondiments: 'sectionFreeCondiments',
} as const;

function BrandSettingsForm({ initial }: { initial: AdminBrandSettings }) {
  const { t } = useTranslation('brandSettings');
  const locale = useLocale();
  const cities = useAdminCities();
  const save = useSaveBrandSettings();
  const upload = useUploadBrandPicture();
  const [current, setCurrent] = useState(initial);
  const [stale, setStale] = useState<{ current: AdminBrandSettings; mine: BrandSettingsValues } | null>(null);
  const [status, setStatus] = useState<'saved' | 'uploaded' | 'invalid' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, control, formState, setError, reset, getValues, setValue } =
    useForm<BrandSettingsValues>({
      defaultValues: brandSettingsValues(initial.settings),
      mode: 'onSubmit',
      reValidateMode: 'onChange',
    });
  const theme = useWatch({ control, name: 'theme' });
  const name = useWatch({ control, name: 'name' });
  const logo = useWatch({ control, name: 'logo' });
  const condiments = useWatch({ control, name: 'freeCondiments' }) ?? [];
  const dishes = useAllDishes();
  const dishName = (id: number) => {
    const dish = dishes.data?.find((candidate) => candidate.id === id);
    return dish ? pickText(dish.name, locale) : `#${id}`;
  };
  const setCondiments = (next: FreeCondimentValue[]) =>
    setValue('freeCondiments', next, { shouldDirty: true });
  /** The API's errors under freeCondiments (freeCondiments.2.perPerson), each with the dish it names. */
  const condimentErrors = (() => {
    const list = get(formState.errors, 'freeCondiments') as
      | (Record<string, { message?: string }> & { message?: string; root?: { message?: string } })
      | undefined;
    if (!list) return [];
    const messages: string[] = [];
    if (list.message) messages.push(list.message);
    if (list.root?.message) messages.push(list.root.message);
    condiments.forEach((condiment, index) => {
      const entry = (list as unknown as Record<number, Record<string, { message?: string }>>)[index];
      for (const issue of Object.values(entry ?? {}))
        if (issue?.message) messages.push(`${dishName(condiment.positionId)}: ${issue.message}`);
    });
    return messages;
  })();

  const errorOf = (path: FieldPath<BrandSettingsValues>): string | undefined => {
    const error = get(formState.errors, path) as { type?: string; message?: string } | undefined;
    if (!error) return undefined;
    if (error.type === 'server') return error.message;
    return t(`issue_${error.message || error.type}`);
  };
  const text = (
    path: FieldPath<BrandSettingsValues>,
    label: string,
    rules: { required?: boolean; check?: (value: string) => string | true } = {},
    hint?: string,
  ) => (
    <Field label={label} required={rules.required} error={errorOf(path)} hint={hint}>
      {(c) => (
        <input
          {...c}
          {...register(path, {
            validate: (value) => {
              const v = String(value ?? '');
              if (rules.required && v.trim() === '') return 'required';
              return rules.check ? rules.check(v) : true;
            },
          })}
        />
      )}
    </Field>
  );

  const send = async (values: BrandSettingsValues, version: number) => {
    setStatus(null);
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ version, body: brandSettingsBody(values) });
      setStale(null);
      setCurrent(saved);
      reset(brandSettingsValues(saved.settings));
      setStatus('saved');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const now = (error.data as { current?: AdminBrandSettings } | null)?.current;
      if (error.status === 412 && now) {
        setStale({ current: now, mine: values });
        return;
      }
      const shown = error.fieldErrors.filter((entry) => entry.field);
      for (const entry of shown)
        setError(entry.field as FieldPath<BrandSettingsValues>, { type: 'server', message: entry.message });
      if (shown.length === 0) setFailure(error.message);
      else setStatus('invalid');
    }
  };
  /** A picture uploaded replaces that field only: the form's other unsaved edits stay, the version moves on. */
  const uploadPicture = async (which: 'logo' | 'favicon', file: File | undefined) => {
    if (!file) return;
    setStatus(null);
    setFailure(null);
    try {
      const saved = await upload.mutateAsync({ which, version: current.version, file });
      setCurrent(saved);
      setValue(which, saved.settings[which], { shouldDirty: false });
      setStatus('uploaded');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const now = (error.data as { current?: AdminBrandSettings } | null)?.current;
      if (error.status === 412 && now) {
        setStale({ current: now, mine: getValues() });
        return;
      }
      setFailure(`${t('uploadFailed')}: ${error.message}`);
    }
  };
  const picker = (which: 'logo' | 'favicon') => (
    <label className={styles.upload}>
      <input
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className={styles.uploadInput}
        aria-label={which === 'logo' ? t('uploadLogo') : t('uploadFavicon')}
        onChange={(event) => {
          void uploadPicture(which, event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <span aria-hidden="true">{upload.isPending ? t('loading') : t('upload')}</span>
    </label>
  );

  const onSubmit = handleSubmit(
    (values) => void send(values, current.version),
    () => setStatus('invalid'),
  );
  const staleRows = stale
    ? (Object.keys(SECTIONS) as (keyof typeof SECTIONS)[])
        .map((section) => {
          const shown = (values: BrandSettingsValues) =>
            section === 'freeCondiments'
              ? values.freeCondiments
                  .map((condiment) => `${dishName(condiment.positionId)} × ${condiment.perPerson}`)
                  .join(', ') || '—'
              : JSON.stringify(brandSettingsBody(values)[section]);
          return {
            label: t(SECTIONS[section]),
            mine: shown(stale.mine),
            now: shown(brandSettingsValues(stale.current.settings)),
          };
        })
        .filter((row) => row.mine !== row.now)
    : [];

  return (
    <section className={screen.screen} aria-labelledby="brand-settings-title">
      <div className={screen.heading}>
        <h2 id="brand-settings-title" className={screen.title}>
          {t('title')}
        </h2>
      </div>
      <p className={screen.hint}>{t('intro')}</p>
      <form className={screen.form} onSubmit={onSubmit} noValidate>
        <fieldset className={screen.items}>
          <legend className={screen.legend}>{t('sectionIdentity')}</legend>
          <div className={screen.grid2}>
            {text('name.ru', t('nameRu'), { required: true })}
            {text('name.en', t('nameEn'), { required: true })}
            <div className={styles.picture}>
              {text(
                'logo',
                t('logo'),
                { required: true, check: (v) => isMediaPath(v) || 'media' },
                t('pictureHint'),
              )}
              {picker('logo')}
            </div>
            <div className={styles.picture}>
              {text('favicon', t('favicon'), { required: true, check: (v) => isMediaPath(v) || 'media' })}
              {picker('favicon')}
            </div>
          </div>
        </fieldset>

        <fieldset className={screen.items}>
          <legend className={screen.legend}>{t('sectionTheme')}</legend>
          <div className={styles.themeRow}>
            <div className={styles.themeFields}>
              <Field label={t('primary')} required error={errorOf('theme.primary')} hint={t('primaryHint')}>
                {(c) => (
                  <div className={styles.colourInput}>
                    <input
                      type="color"
                      aria-label={t('pickColour')}
                      value={COLOUR.test(theme?.primary ?? '') ? theme.primary : '#000000'}
                      onChange={(event) =>
                        setValue('theme.primary', event.target.value, {
                          shouldDirty: true,
                          shouldValidate: true,
                        })
                      }
                    />
                    <input
                      {...c}
                      {...register('theme.primary', { validate: (v) => COLOUR.test(v.trim()) || 'colour' })}
                    />
                  </div>
                )}
              </Field>
              <Field label={t('mode')}>
                {(c) => (
                  <select {...c} {...register('theme.mode')}>
                    <option value="dark">{t('modeDark')}</option>
                    <option value="light">{t('modeLight')}</option>
                  </select>
                )}
              </Field>
            </div>
            <ColourPreview
              label={t('preview')}
              name={name?.[locale === 'en' ? 'en' : 'ru'] || name?.ru || ''}
              logo={isMediaPath(logo ?? '') ? logo : null}
              primary={theme?.primary ?? ''}
              mode={theme?.mode ?? 'dark'}
              buttonText={t('previewButton')}
              menuText={t('previewMenu')}
            />
          </div>
        </fieldset>

        <fieldset className={screen.items}>
          <legend className={screen.legend}>{t('sectionLinks')}</legend>
          <p className={screen.hint}>{t('linksHint')}</p>
          <div className={screen.grid2}>
            {LINKS.map((key) => (
              <div key={key}>
                {text(`links.${key}`, t(key), { check: (v) => isHttpsOrEmpty(v) || 'https' })}
              </div>
            ))}
          </div>
        </fieldset>

        <fieldset className={screen.items}>
          <legend className={screen.legend}>{t('sectionFeatures')}</legend>
          <fieldset className={styles.checks} aria-describedby="brand-auth-error">
            <legend>{t('auth')}</legend>
            {AUTH_METHODS.map((method) => (
              <label key={method} className={styles.check}>
                <input
                  type="checkbox"
                  value={method}
                  {...register('features.auth', { validate: (v) => v.length > 0 || 'auth' })}
                />
                {t(`auth_${method}`)}
              </label>
            ))}
            <p id="brand-auth-error" className={screen.error}>
              {errorOf('features.auth') ?? ''}
            </p>
          </fieldset>
          <div className={styles.checks}>
            {FEATURE_SWITCHES.map((key) => (
              <label key={key} className={styles.check}>
                <input type="checkbox" {...register(`features.${key}`)} />
                {t(key)}
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className={screen.items}>
          <legend className={screen.legend}>{t('sectionFreeCondiments')}</legend>
          <p className={screen.hint}>{t('freeCondimentsHint')}</p>
          {dishes.isError ? (
            <div role="alert">
              <p className={screen.error}>{t('dishesFailed')}</p>
              <Button variant="secondary" onClick={() => void dishes.refetch()}>
                {t('retry')}
              </Button>
            </div>
          ) : dishes.isPending ? (
            <p role="status">
              <Spinner size={20} /> {t('loading')}
            </p>
          ) : (
            <DishOrderPicker
              dishes={dishes.data}
              value={condiments.map((condiment) => condiment.positionId)}
              onChange={(ids) =>
                setCondiments(
                  ids.map(
                    (positionId) =>
                      condiments.find((condiment) => condiment.positionId === positionId) ?? {
                        positionId,
                        perPerson: 1,
                      },
                  ),
                )
              }
              max={FREE_CONDIMENTS_MAX}
              locale={locale}
              invalid={condimentErrors.length > 0}
              describedBy={condimentErrors.length > 0 ? 'brand-condiments-error' : undefined}
              extra={(positionId) => (
                <label className={styles.perPerson}>
                  <span>{t('perPerson')}</span>
                  <select
                    aria-label={`${t('perPerson')}: ${dishName(positionId)}`}
                    value={
                      condiments.find((condiment) => condiment.positionId === positionId)?.perPerson ?? 1
                    }
                    onChange={(event) =>
                      setCondiments(
                        condiments.map((condiment) =>
                          condiment.positionId === positionId
                            ? { positionId, perPerson: Number(event.target.value) }
                            : condiment,
                        ),
                      )
                    }
                  >
                    {PER_PERSON.map((count) => (
                      <option key={count} value={count}>
                        {count}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              labels={{
                legend: t('freeCondiments'),
                search: t('freeCondimentsSearch'),
                chosen: t('freeCondimentsCount', { count: condiments.length, max: FREE_CONDIMENTS_MAX }),
                add: t('freeCondimentsAdd'),
                up: t('moveUp'),
                down: t('moveDown'),
                remove: t('remove'),
                nothingFound: t('nothingFound'),
                none: t('freeCondimentsNone'),
                full: t('freeCondimentsFull', { max: FREE_CONDIMENTS_MAX }),
              }}
            />
          )}
          <div id="brand-condiments-error">
            {condimentErrors.map((message) => (
              <p key={message} className={screen.error} role="alert">
                {message}
              </p>
            ))}
          </div>
        </fieldset>

        <fieldset className={screen.items}>
          <legend className={screen.legend}>{t('sectionDefaults')}</legend>
          <div className={screen.grid2}>
            <Field label={t('cityId')} error={errorOf('defaults.cityId')}>
              {(c) => (
                <select {...c} {...register('defaults.cityId')}>
                  <option value="">{t('noDefault')}</option>
                  {(cities.data ?? []).map((city) => (
                    <option key={city.id} value={String(city.id)}>
                      {pickText(city.name, locale)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t('deliveryMethod')} error={errorOf('defaults.deliveryMethod')}>
              {(c) => (
                <select {...c} {...register('defaults.deliveryMethod')}>
                  <option value="">{t('noDefault')}</option>
                  <option value="DELIVERY">{t('methodDelivery')}</option>
                  <option value="TAKE_AWAY">{t('methodTakeAway')}</option>
                </select>
              )}
            </Field>
          </div>
        </fieldset>

        <fieldset className={screen.items}>
          <legend className={screen.legend}>{t('sectionClients')}</legend>
          <p className={screen.hint}>{t('clientsHint')}</p>
          <div className={screen.grid2}>
            {CLIENT_IDS.map((key) => (
              <div key={key}>{text(`clients.${key}`, t(key))}</div>
            ))}
          </div>
        </fieldset>

        <div className={screen.actions}>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
          <p className={screen.hint}>{t('undoHint')}</p>
          <p role="status" className={status === 'invalid' ? screen.error : screen.ok}>
            {status === 'saved'
              ? t('saved')
              : status === 'uploaded'
                ? t('uploaded')
                : status === 'invalid'
                  ? t('fixErrors')
                  : ''}
          </p>
          {failure && (
            <p role="alert" className={screen.error}>
              {`${t('saveFailed')}: ${failure}`}
            </p>
          )}
        </div>
      </form>
      {stale && (
        <StaleDialog
          open
          rows={staleRows}
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
            reset(brandSettingsValues(stale.current.settings));
            setStale(null);
          }}
          onSaveMine={() => void send(getValues(), stale.current.version)}
        />
      )}
    </section>
  );
}
