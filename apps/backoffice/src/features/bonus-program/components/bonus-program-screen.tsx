import { mayAdmin } from '@storefront/domain';
import type { BonusProgramBody } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { type FormCheck, issuesResolver } from '@storefront/web/src/shared/forms/issues-resolver.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ConfirmationPopup } from '@storefront/web/src/shared/ui/confirmation-popup.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useState } from 'react';
import { type FieldError, type FieldErrors, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import screen from '../../../entities/menu-parts/menu-part-screen.module.css';
import { StaleDialog } from '../../../entities/menu-parts/stale-dialog.tsx';
import { useStaffSession } from '../../../entities/staff-session/staff-session.ts';
import { type AdminBonusProgram, useBonusProgram, useSaveBonusProgram } from '../model/bonus-program-api.ts';
import {
  type BonusProgramValues,
  bonusFieldOf,
  bonusProgramBody,
  bonusProgramIssues,
  bonusProgramValues,
  LEVELS_MAX,
  programSummary,
  TIMEZONES,
} from '../model/bonus-program-form.ts';
import own from './bonus-program.module.css';

const styles = { ...screen, ...own };
const resolver = issuesResolver<BonusProgramValues>(
  bonusProgramIssues as unknown as FormCheck<BonusProgramValues>,
);

/** /admin/bonus: the brand's bonus program (decision 55), owners only (bonus.manage). */
export function BonusProgramScreen() {
  const { t } = useTranslation('bonusProgram');
  const role = useStaffSession()?.staff.role;
  const allowed = !!role && mayAdmin(role, 'bonus.manage');
  const program = useBonusProgram();
  if (!allowed)
    return (
      <p className={styles.state} role="alert">
        {t('ownersOnly')}
      </p>
    );
  if (program.isPending)
    return (
      <p className={styles.state} role="status">
        <Spinner size={20} /> {t('loading')}
      </p>
    );
  if (program.isError)
    return (
      <div className={styles.state} role="alert">
        <p>
          {t('failed')}: {program.error.message}
        </p>
        <Button variant="secondary" onClick={() => void program.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  return <BonusProgramForm initial={program.data} />;
}

function errorOf(errors: FieldErrors<BonusProgramValues>, path: string): FieldError | undefined {
  // The domain check's errors are keyed by the whole path; setError nests them.
  const flat = (errors as Record<string, FieldError | undefined>)[path];
  if (flat?.type) return flat;
  let at: unknown = errors;
  for (const part of path.split('.')) at = (at as Record<string, unknown> | undefined)?.[part];
  return at && typeof at === 'object' && 'type' in at ? (at as FieldError) : undefined;
}

/** The fields of the program with their label, for the stale dialog's rows. */
const STALE_FIELDS: (keyof BonusProgramBody)[] = [
  'enabled',
  'earnPercent',
  'spendMaxPercent',
  'expiryDays',
  'welcomeBonus',
  'promoCodeOrdersEarn',
  'promoCodeOrdersSpend',
  'tiers',
  'timezone',
];

function BonusProgramForm({ initial }: { initial: AdminBonusProgram }) {
  const { t } = useTranslation('bonusProgram');
  const locale = useLocale();
  const save = useSaveBonusProgram();
  const [current, setCurrent] = useState(initial);
  const [stale, setStale] = useState<{ current: AdminBonusProgram; mine: BonusProgramValues } | null>(null);
  const [confirmingOff, setConfirmingOff] = useState<BonusProgramValues | null>(null);
  const [status, setStatus] = useState<'saved' | 'invalid' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, control, formState, setError, reset, getValues } =
    useForm<BonusProgramValues>({
      defaultValues: bonusProgramValues(initial.program),
      resolver,
      mode: 'onSubmit',
      reValidateMode: 'onChange',
    });
  const levels = useFieldArray({ control, name: 'levels' });
  const watched = useWatch({ control }) as BonusProgramValues;
  const tiersOn = watched.tiersOn;
  const summary = programSummary(bonusProgramBody({ ...getValues(), ...watched }), t, locale);

  const words = (path: string): string | undefined => {
    const error = errorOf(formState.errors, path);
    if (!error) return undefined;
    if (error.type === 'server') return error.message;
    return t(`issue_${error.type}`);
  };

  const send = async (values: BonusProgramValues, version: number) => {
    setStatus(null);
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ version, body: bonusProgramBody(values) });
      setStale(null);
      setCurrent(saved);
      reset(bonusProgramValues(saved.program));
      setStatus('saved');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const now = (error.data as { current?: AdminBonusProgram } | null)?.current;
      if (error.status === 412 && now) {
        setStale({ current: now, mine: values });
        return;
      }
      const shown = error.fieldErrors.flatMap((entry) => {
        const field = bonusFieldOf(entry.field);
        if (!field) return [];
        setError(field as 'earnPercent', { type: 'server', message: entry.message }, { shouldFocus: true });
        return [field];
      });
      if (shown.length === 0) setFailure(error.message);
      else setStatus('invalid');
    }
  };

  const onSubmit = handleSubmit(
    (values) => {
      // Turning the program off stops every customer's points at once: asked first.
      if (current.program.enabled && !values.enabled) setConfirmingOff(values);
      else void send(values, current.version);
    },
    () => setStatus('invalid'),
  );

  const number = (
    name: 'earnPercent' | 'spendMaxPercent' | 'expiryDays' | 'welcomeBonus' | 'periodDays',
    hint?: string,
  ) => (
    <Field label={t(name)} hint={hint} error={words(name)}>
      {(c) => <input {...c} inputMode="numeric" autoComplete="off" {...register(name)} />}
    </Field>
  );
  const check = (
    name: 'enabled' | 'promoCodeOrdersEarn' | 'promoCodeOrdersSpend' | 'tiersOn',
    label: string,
  ) => (
    <label className={styles.check}>
      <input type="checkbox" {...register(name)} />
      <span>{label}</span>
    </label>
  );
  const knownZone = TIMEZONES.some(([offset]) => offset === watched.timezone);

  const shownOf = (field: keyof BonusProgramBody, program: BonusProgramBody): string => {
    const value = program[field];
    if (typeof value === 'boolean') return value ? t('yes') : t('no');
    if (field === 'welcomeBonus') return t('points', { count: program.welcomeBonus / 100 });
    if (field === 'tiers')
      return program.tiers
        ? `${program.tiers.periodDays} · ${program.tiers.levels.map((l) => `${l.fromPaid / 100} ₽ → ${l.earnPercent} %`).join(', ')}`
        : t('no');
    return String(value);
  };
  const staleRows = stale
    ? STALE_FIELDS.map((field) => ({
        label: t(field === 'tiers' ? 'sectionTiers' : field),
        mine: shownOf(field, bonusProgramBody(stale.mine)),
        now: shownOf(field, stale.current.program),
      })).filter((row) => row.mine !== row.now)
    : [];

  return (
    <section className={styles.screen} aria-labelledby="bonus-program-title">
      <div className={styles.heading}>
        <h2 id="bonus-program-title" className={styles.title}>
          {t('title')}
        </h2>
      </div>
      <p className={styles.hint}>{t('intro')}</p>
      <div className={styles.layout}>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <fieldset className={styles.items}>
            <legend className={styles.legend}>{t('sectionMain')}</legend>
            {check('enabled', t('enabled'))}
            <div className={styles.grid2}>
              {number('earnPercent', tiersOn ? t('earnPercentTiersHint') : t('earnPercentHint'))}
              {number('spendMaxPercent', t('spendMaxPercentHint'))}
              {number('expiryDays', t('expiryDaysHint'))}
              {number('welcomeBonus', t('welcomeBonusHint'))}
              <Field label={t('timezone')} hint={t('timezoneHint')} error={words('timezone')}>
                {(c) => (
                  <select {...c} {...register('timezone')}>
                    {TIMEZONES.map(([offset, city]) => (
                      <option key={offset} value={offset}>
                        {`UTC${offset} · ${t(`tz_${city}`)}`}
                      </option>
                    ))}
                    {!knownZone && watched.timezone && (
                      <option value={watched.timezone}>{`UTC${watched.timezone} · ${t('tz_other')}`}</option>
                    )}
                  </select>
                )}
              </Field>
            </div>
          </fieldset>

          <fieldset className={styles.items}>
            <legend className={styles.legend}>{t('sectionPromo')}</legend>
            {check('promoCodeOrdersEarn', t('promoCodeOrdersEarn'))}
            {check('promoCodeOrdersSpend', t('promoCodeOrdersSpend'))}
          </fieldset>

          <fieldset className={styles.items}>
            <legend className={styles.legend}>{t('sectionTiers')}</legend>
            {check('tiersOn', t('tiersOn'))}
            {tiersOn && (
              <>
                <p className={styles.hint}>{t('tiersHint')}</p>
                <div className={styles.period}>{number('periodDays')}</div>
                <ol className={styles.levels} aria-label={t('levelsLegend')}>
                  {levels.fields.map((field, index) => (
                    <li key={field.id} className={styles.level}>
                      <span className={styles.levelName}>{t('levelNumber', { number: index + 1 })}</span>
                      <Field label={t('fromPaid')} error={words(`levels.${index}.fromPaid`)}>
                        {(c) => (
                          <input
                            {...c}
                            inputMode="numeric"
                            autoComplete="off"
                            {...register(`levels.${index}.fromPaid`)}
                          />
                        )}
                      </Field>
                      <Field label={t('levelPercent')} error={words(`levels.${index}.earnPercent`)}>
                        {(c) => (
                          <input
                            {...c}
                            inputMode="numeric"
                            autoComplete="off"
                            {...register(`levels.${index}.earnPercent`)}
                          />
                        )}
                      </Field>
                      <Button
                        variant="secondary"
                        className={styles.remove}
                        aria-label={t('removeLevel', { number: index + 1 })}
                        disabled={levels.fields.length <= 1}
                        onClick={() => levels.remove(index)}
                      >
                        ✕
                      </Button>
                    </li>
                  ))}
                </ol>
                {words('levels') && (
                  <p className={styles.error} role="alert">
                    {words('levels')}
                  </p>
                )}
                {levels.fields.length < LEVELS_MAX && (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      const last = getValues('levels').at(-1);
                      const from = Number(last?.fromPaid.replace(/\s/g, '')) || 0;
                      levels.append({
                        fromPaid: String(from + 10_000),
                        earnPercent: last?.earnPercent ?? getValues('earnPercent'),
                      });
                    }}
                  >
                    {t('addLevel')}
                  </Button>
                )}
              </>
            )}
          </fieldset>

          <div className={styles.actions}>
            <Button type="submit" size="l" loading={save.isPending}>
              {t('save')}
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
        </form>
        <aside className={styles.summary} aria-labelledby="bonus-summary-title" data-testid="bonus-summary">
          <h3 id="bonus-summary-title" className={styles.summaryTitle}>
            {t('summaryTitle')}
          </h3>
          {summary.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </aside>
      </div>
      <ConfirmationPopup
        open={confirmingOff !== null}
        headline={t('turnOffTitle')}
        supportingText={t('turnOffText')}
        confirmText={t('turnOff')}
        cancelText={t('cancel')}
        confirmLoading={save.isPending}
        onCancel={() => setConfirmingOff(null)}
        onConfirm={() => {
          const values = confirmingOff;
          setConfirmingOff(null);
          if (values) void send(values, current.version);
        }}
      />
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
            reset(bonusProgramValues(stale.current.program));
            setStale(null);
          }}
          onSaveMine={() => void send(stale.mine, stale.current.version)}
        />
      )}
    </section>
  );
}
