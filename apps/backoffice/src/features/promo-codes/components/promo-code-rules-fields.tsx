import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { Controller, type FieldErrors, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import screen from '../../../entities/menu-parts/menu-part-screen.module.css';
import { RestoChecklist } from '../../../entities/restos/resto-checklist.tsx';
import { METHODS, type PromoCodeValues, WEEK } from '../model/promo-code-form.ts';
import own from './promo-codes.module.css';

const styles = { ...screen, ...own };

/** The words of a field's error: the server's own, else the text its issue key names. */
export function errorWords(errors: FieldErrors<PromoCodeValues>, name: string, t: (key: string) => string) {
  const error = (errors as Record<string, { type?: string; message?: string } | undefined>)[name];
  if (!error?.type) return undefined;
  return error.type === 'server' ? error.message : t(error.type);
}

/** Toggles `item` in a list field held by react-hook-form. */
const toggled = <T,>(list: readonly T[], item: T, on: boolean) =>
  on ? [...new Set([...list, item])] : list.filter((one) => one !== item);

/**
 * Every rule a code carries, shared by a code's form and a batch's: the discount (percent with a cap, or rubles), the
 * minimum order, the dates on the brand's clock, hours, weekday chips, methods, restaurants, limits, first order.
 */
export function PromoRulesFields({
  form,
  offset,
  batch = false,
}: {
  form: UseFormReturn<PromoCodeValues>;
  offset: string;
  batch?: boolean;
}) {
  const { t } = useTranslation('promoCodes');
  const { register, control, formState } = form;
  const kind = useWatch({ control, name: 'kind' });
  const hoursOn = useWatch({ control, name: 'hoursOn' });
  const error = (name: string) => errorWords(formState.errors, name, t);
  return (
    <>
      <div className={styles.grid2}>
        <Field label={t('descriptionRu')} error={error('descriptionRu')}>
          {(c) => <input {...c} {...register('descriptionRu')} />}
        </Field>
        <Field label={t('descriptionEn')} error={error('descriptionEn')}>
          {(c) => <input {...c} {...register('descriptionEn')} />}
        </Field>
      </div>
      <div className={styles.grid3}>
        <Field label={t('kind')}>
          {(c) => (
            <select {...c} {...register('kind')}>
              <option value="percent">{t('percent')}</option>
              <option value="fixed">{t('fixed')}</option>
            </select>
          )}
        </Field>
        <Field
          label={t('value')}
          required
          hint={kind === 'percent' ? t('valuePercentHint') : t('valueRublesHint')}
          error={error('value')}
        >
          {(c) => <input {...c} inputMode="decimal" {...register('value')} />}
        </Field>
        {kind === 'percent' && (
          <Field label={t('maxDiscount')} hint={t('maxDiscountHint')} error={error('maxDiscount')}>
            {(c) => <input {...c} inputMode="decimal" {...register('maxDiscount')} />}
          </Field>
        )}
        <Field label={t('minOrder')} error={error('minOrder')}>
          {(c) => <input {...c} inputMode="decimal" {...register('minOrder')} />}
        </Field>
      </div>
      <div className={styles.grid2}>
        <Field label={t('startsAt')} hint={t('datesHint', { offset })} error={error('startsAt')}>
          {(c) => <input {...c} type="datetime-local" {...register('startsAt')} />}
        </Field>
        <Field label={t('endsAt')} hint={t('datesHint', { offset })} error={error('endsAt')}>
          {(c) => <input {...c} type="datetime-local" {...register('endsAt')} />}
        </Field>
      </div>

      <fieldset className={styles.items}>
        <legend className={styles.legend}>{t('days')}</legend>
        <p className={styles.hint}>{t('daysHint')}</p>
        <Controller
          control={control}
          name="daysOfWeek"
          render={({ field }) => (
            <div className={styles.chips}>
              {WEEK.map((day) => (
                <label key={day} className={styles.chip}>
                  <input
                    type="checkbox"
                    checked={field.value.includes(day)}
                    onChange={(event) => field.onChange(toggled(field.value, day, event.target.checked))}
                  />
                  <span>{t(`day_${day}`)}</span>
                </label>
              ))}
            </div>
          )}
        />
        <label className={styles.check}>
          <input type="checkbox" {...register('hoursOn')} />
          <span>{t('hoursOn')}</span>
        </label>
        {hoursOn && (
          <div className={styles.counts}>
            <Field label={t('hoursFrom')}>
              {(c) => <input {...c} type="time" step={60} {...register('hoursFrom')} />}
            </Field>
            <Field label={t('hoursTo')} error={error('hoursTo')}>
              {(c) => <input {...c} type="time" step={60} {...register('hoursTo')} />}
            </Field>
          </div>
        )}
        <p className={styles.hint}>{t('hoursHint')}</p>
      </fieldset>

      <fieldset className={styles.items}>
        <legend className={styles.legend}>{t('methods')}</legend>
        <p className={styles.hint}>{t('methodsHint')}</p>
        <Controller
          control={control}
          name="deliveryMethods"
          render={({ field }) => (
            <div className={styles.chips}>
              {METHODS.map((method) => (
                <label key={method} className={styles.chip}>
                  <input
                    type="checkbox"
                    checked={field.value.includes(method)}
                    onChange={(event) => field.onChange(toggled(field.value, method, event.target.checked))}
                  />
                  <span>{t(method)}</span>
                </label>
              ))}
            </div>
          )}
        />
      </fieldset>

      <Controller
        control={control}
        name="restoIds"
        render={({ field }) => (
          <RestoChecklist
            value={field.value}
            onChange={field.onChange}
            legend={t('restos')}
            noneMeans={t('restosHint')}
            error={error('restoIds')}
          />
        )}
      />

      <div className={styles.grid2}>
        {!batch && (
          <Field label={t('totalLimit')} hint={t('limitHint')} error={error('totalLimit')}>
            {(c) => <input {...c} inputMode="numeric" {...register('totalLimit')} />}
          </Field>
        )}
        {!batch && (
          <Field label={t('perPersonLimit')} hint={t('limitHint')} error={error('perPersonLimit')}>
            {(c) => <input {...c} inputMode="numeric" {...register('perPersonLimit')} />}
          </Field>
        )}
      </div>
      <label className={styles.check}>
        <input type="checkbox" {...register('firstOrderOnly')} />
        <span>
          {t('firstOrderOnly')} <span className={styles.muted}>— {t('firstOrderHint')}</span>
        </span>
      </label>
      <label className={styles.check}>
        <input type="checkbox" {...register('active')} />
        <span>{t('active')}</span>
      </label>
    </>
  );
}
