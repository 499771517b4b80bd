import { DAYS_OF_WEEK } from '@storefront/domain';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import styles from './week-hours.module.css';
import type { DayValues } from './week-hours.ts';

interface WeekDaysProps {
  /** The form's path of the seven rows ('ALL.days'); a row's field is `<path>.<index>.<field>`. */
  path: string;
  /** The rows as the form holds them now (useWatch). */
  days: readonly DayValues[] | undefined;
  register: (name: string) => UseFormRegisterReturn;
  errorOf: (name: string) => string | undefined;
  disabled?: boolean;
}

/** A week as a row per day: off, hours or round the clock, hours with an optional break. */
export function WeekDays({ path, days, register, errorOf, disabled = false }: WeekDaysProps) {
  const { t } = useTranslation('weekHours');
  // The row names the day; each input's own name says it too (a reader hears 'Opens, Wednesday').
  const timeField = (name: string, label: string, named: string) => (
    <Field label={label} error={errorOf(name)} size="m">
      {(c) => (
        <input {...c} type="time" step={60} aria-label={named} {...register(name)} disabled={disabled} />
      )}
    </Field>
  );
  return (
    <div className={styles.week}>
      <ul className={styles.days}>
        {DAYS_OF_WEEK.map((dayOfWeek, index) => {
          const day = days?.[index];
          const dayName = t(`day_${dayOfWeek}`);
          const at = `${path}.${index}`;
          return (
            <li key={at} className={styles.day}>
              <span className={styles.dayName}>{dayName}</span>
              <Field label={t('mode')}>
                {(c) => (
                  <select
                    {...c}
                    {...register(`${at}.mode`)}
                    aria-label={`${t('mode')}, ${dayName}`}
                    disabled={disabled}
                  >
                    <option value="off">{t('mode_off')}</option>
                    <option value="hours">{t('mode_hours')}</option>
                    <option value="allDay">{t('mode_allDay')}</option>
                  </select>
                )}
              </Field>
              {day?.mode === 'hours' && (
                <>
                  {timeField(`${at}.open`, t('open'), t('openDay', { day: dayName }))}
                  {timeField(`${at}.close`, t('close'), t('closeDay', { day: dayName }))}
                  <label className={styles.check}>
                    <input
                      type="checkbox"
                      aria-label={t('hasBreakDay', { day: dayName })}
                      {...register(`${at}.hasBreak`)}
                      disabled={disabled}
                    />
                    <span>{t('hasBreak')}</span>
                  </label>
                  {day.hasBreak && (
                    <>
                      {timeField(`${at}.breakFrom`, t('breakFrom'), t('breakFromDay', { day: dayName }))}
                      {timeField(`${at}.breakTo`, t('breakTo'), t('breakToDay', { day: dayName }))}
                    </>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ul>
      <p className={styles.hint}>{t('hoursHint')}</p>
    </div>
  );
}
